import type { ComponentType } from 'react';
import type { IconName } from '@blueprintjs/core';
import type { BoardFilters } from '../api';

export type Settings = Record<string, unknown>;

/** What a kind's View is given. */
export interface WidgetViewProps {
  settings: Settings;
  filters: BoardFilters;
}

/** What a kind's Editor is given. */
export interface WidgetEditorProps {
  settings: Settings;
  onChange(s: Settings): void;
  idPrefix: string;
}

/**
 * One widget kind: plain data the grid, the palette and the frame read. Each kind lives in its own folder
 * (widgets/<kind>/index.tsx exporting `widget`); nothing outside it names a kind.
 */
export interface WidgetKind {
  kind: string;
  icon: IconName;
  /** i18n key of the kind's name (palette and default title). */
  titleKey: string;
  size: { w: number; h: number };
  defaults: Settings;
  /** Renders the figures: loads on its own (its own query) and throws/answers its own error. */
  View: ComponentType<WidgetViewProps>;
  /** Edits the kind's settings in edit mode. */
  Editor: ComponentType<WidgetEditorProps>;
}
