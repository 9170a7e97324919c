import type { ComponentType } from 'react';
import type { FieldCategory, FieldManifest } from '../plugin-contract';

/** The config editor edits a field's `config` (what the manifest's configSchema describes). */
export interface ConfigEditorProps<C extends object = object> {
  /** The field's config, already merged over the manifest's defaultConfig. */
  config: C;
  onChange(config: C): void;
  disabled?: boolean;
  /** The other fields of the form, for settings that name one (a lookup copying values into them). */
  fieldNames?: readonly string[];
}

/** A preview draws the field on the designer canvas: no record, no validation. */
export interface PreviewProps<C extends object = object> {
  /** Unique on the canvas: give it to the preview's input (several fields of one type are drawn side by side). */
  id: string;
  config: C;
  label: string;
  required?: boolean;
  helpText?: string;
}

/** How the field appears in the designer's palette. */
export interface PaletteEntry {
  /** Blueprint icon name. */
  icon: string;
  /** i18n key inside the plugin's namespace ('field.<type>'). */
  title: string;
  category: FieldCategory;
}

/**
 * The designer half of a field plugin (designer.tsx). Every part is optional in the folder: what a plugin leaves
 * out comes from the defaults (palette from the manifest, a config form generated from configSchema, a preview
 * that draws the runtime Widget disabled), so a plugin needs designer.tsx only to customise.
 */
export interface FieldDesigner<C extends object = object> {
  manifest: FieldManifest<C>;
  palette: PaletteEntry;
  ConfigEditor: ComponentType<ConfigEditorProps<C>>;
  Preview: ComponentType<PreviewProps<C>>;
}

/** What a designer.tsx exports: the manifest it belongs to and the parts it customises. */
export type FieldDesignerPart<C extends object = object> = Pick<FieldDesigner<C>, 'manifest'> &
  Partial<Omit<FieldDesigner<C>, 'manifest'>>;

/** The designer halves by field type, complete (defaults filled in): what the form designer draws from. */
export type FieldDesignerRegistry = Record<string, FieldDesigner<object>>;
/** Designer halves as the plugin folders export them, by type. */
export type FieldDesignerParts = Record<string, FieldDesignerPart<object>>;

export const defineFieldDesigner = <C extends object>(d: FieldDesignerPart<C>): FieldDesignerPart<C> => d;
