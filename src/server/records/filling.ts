import type { ModuleDefinition } from '../../../schemas/module-definition.js';
import type { LoadedVersion } from './store.js';

/**
 * A version's form as it is sent to someone filling it in: without the fields their step hides, and without the
 * settings plugins keep for the server (a remote lookup's address, headers and body: `manifest.serverOnlyConfig`).
 */
export function definitionForFilling(v: LoadedVersion, hidden: ReadonlySet<string> = new Set()): ModuleDefinition {
  return {
    ...v.definition,
    fieldGroups: v.definition.fieldGroups.map((g) => ({
      ...g,
      rows: g.rows.map((row) => ({
        ...row,
        fields: row.fields
          .filter((f) => !hidden.has(f.name))
          .map((f) => {
            const keep = v.compiled.fields[f.name]?.manifest.serverOnlyConfig;
            if (!keep?.length || !f.config) return f;
            return { ...f, config: Object.fromEntries(Object.entries(f.config).filter(([k]) => !keep.includes(k))) };
          }),
      })),
    })),
  };
}
