import { createContext } from 'react';
import type { CompiledDefinition } from '../compile';
import type { Access } from '../permissions';

export interface FormRuntimeState {
  compiled: CompiledDefinition;
  values: Record<string, unknown>;
  access: Record<string, Access>;
  /** Errors per field, shown once the field was touched (or after a submit attempt). */
  errors: Record<string, string[]>;
  touched: Record<string, boolean>;
  showAll: boolean;
  readOnly: boolean;
  onFieldChange(name: string, value: unknown): void;
  onFieldBlur(name: string): void;
}

export const FormRuntimeContext = createContext<FormRuntimeState | null>(null);
