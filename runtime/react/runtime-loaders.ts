import type { FieldRuntime } from './contract';
import type { FieldRuntimeRegistry } from './registry';

type RuntimeModule = { runtime: FieldRuntime<object> };

/**
 * Types whose folder has a `with-form.ts` (drawn with the shared widgets only) come with the record form: most forms
 * are mostly these, and a chunk of their own cost a round trip between the definition and the first paint.
 */
const bundled: FieldRuntimeRegistry = Object.fromEntries(
  Object.entries(import.meta.glob<RuntimeModule>('../../plugins/fields/*/with-form.ts', { eager: true })).map(
    ([path, m]) => [path.split('/').at(-2)!, m.runtime],
  ),
);

/**
 * Every other field plugin's runtime.tsx as a loader, keyed by its folder (a folder is named after its type, which
 * the contract tests hold). A form loads only the types it uses, so a text-only form never downloads the code of
 * lookups, files or signatures.
 */
const loaders: Record<string, () => Promise<RuntimeModule>> = Object.fromEntries(
  Object.entries(import.meta.glob<RuntimeModule>('../../plugins/fields/*/runtime.tsx'))
    .map(([path, load]) => [path.split('/').at(-2)!, load] as const)
    .filter(([type]) => !Object.hasOwn(bundled, type)),
);

/** Runtimes loaded so far by type: the plain ones, then others as forms use them (default registries' `runtimes`). */
export const loadedRuntimes: FieldRuntimeRegistry = { ...bundled };
const pending = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();

/** Every field type with a runtime (each plugin folder with a runtime.tsx): bundled or loaded on demand. */
export const loadableTypes = (): string[] => [...Object.keys(bundled), ...Object.keys(loaders)];

/**
 * Loads the runtimes of these types; resolves at once for types already loaded (or unknown, which the form then
 * leaves out as before). Loads run in parallel and each type loads once.
 */
export function loadFieldRuntimes(types: Iterable<string>): Promise<void> {
  const waits: Promise<void>[] = [];
  for (const type of types) {
    if (loadedRuntimes[type] || !Object.hasOwn(loaders, type)) continue;
    let p = pending.get(type);
    if (!p) {
      p = loaders[type]!().then((m) => {
        loadedRuntimes[type] = m.runtime;
        for (const l of listeners) l();
      });
      // A failed load (network) may be retried by the next form.
      p.catch(() => pending.delete(type));
      pending.set(type, p);
    }
    waits.push(p);
  }
  return Promise.all(waits).then(() => undefined);
}

/** Whether every one of these types that has a loader is loaded. */
export const runtimesLoaded = (types: Iterable<string>): boolean =>
  [...types].every((t) => !!loadedRuntimes[t] || !Object.hasOwn(loaders, t));

/** Called after each runtime loads (for components waiting on one). */
export function onRuntimeLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
