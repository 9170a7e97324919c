import type { FieldRuntime } from './contract';

/** The UI halves of the field plugins, discovered like the manifests. */
const modules = import.meta.glob<{ runtime: FieldRuntime<object> }>('../../plugins/fields/*/runtime.tsx', {
  eager: true,
});

export const fieldRuntimes: Record<string, FieldRuntime<object>> = Object.fromEntries(
  Object.values(modules).map((m) => [m.runtime.manifest.type, m.runtime]),
);
