import type { ComponentType } from 'react';
import type { IconName } from '@blueprintjs/core';
import type { BoardFilters } from '../api';

export type Settings = Record<string, unknown>;

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
  View: ComponentType<{ settings: Settings; filters: BoardFilters }>;
  /** Edits the kind's settings in edit mode. */
  Editor: ComponentType<{ settings: Settings; onChange(s: Settings): void; idPrefix: string }>;
}
