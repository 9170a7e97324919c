import type { FieldRuntime } from './contract';

/** The runtime halves by field type: each plugin's Widget (edit) and Display (read-only). */
export type FieldRuntimeRegistry = Record<string, FieldRuntime<object>>;
/** Module map as import.meta.glob returns it (path -> module of a runtime.tsx). */
export type RuntimeModules = Record<string, { runtime: FieldRuntime<object> }>;

export function fieldRuntimesFrom(modules: RuntimeModules): FieldRuntimeRegistry {
  return Object.fromEntries(Object.values(modules).map((m) => [m.runtime.manifest.type, m.runtime]));
}

/** The UI halves of the field plugins, discovered like the manifests. */
export const fieldRuntimes: FieldRuntimeRegistry = fieldRuntimesFrom(
  import.meta.glob<{ runtime: FieldRuntime<object> }>('../../plugins/fields/*/runtime.tsx', { eager: true }),
);
