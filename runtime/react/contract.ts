import type { ComponentType } from 'react';
import type { FieldManifest } from '../plugin-contract';

export interface WidgetProps<C extends object = object> {
  id: string;
  /** The field's name in the record (absent in the designer's preview). */
  name?: string;
  value: unknown;
  config: C;
  disabled: boolean;
  /**
   * The value cannot be changed here (a read-only step, or the step shows the field read-only), even when
   * `disabled` is false because the type stays usable (`uiHints.alwaysEnabled`: files can still be opened).
   */
  readOnly?: boolean;
  invalid: boolean;
  placeholder?: string;
  onChange(value: unknown): void;
  onBlur(): void;
}

export interface DisplayProps<C extends object = object> {
  value: unknown;
  config: C;
}

/** The React half of a field plugin: the editor and the read-only display (also used in list cells). */
export interface FieldRuntime<C extends object = object> {
  manifest: FieldManifest<C>;
  Widget: ComponentType<WidgetProps<C>>;
  Display: ComponentType<DisplayProps<C>>;
}

export const defineFieldRuntime = <C extends object>(r: FieldRuntime<C>): FieldRuntime<C> => r;
