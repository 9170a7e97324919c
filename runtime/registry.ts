import type { FieldManifest, FieldRegistry } from './plugin-contract';

/**
 * The field registry, built by discovery: every plugins/fields/<type>/manifest.ts found at build time (Vite and
 * vitest both understand import.meta.glob). Adding a field type touches only its folder.
 */
const modules = import.meta.glob<{ manifest: FieldManifest<object> }>('../plugins/fields/*/manifest.ts', { eager: true });

export const fieldRegistry: FieldRegistry = Object.fromEntries(Object.values(modules).map((m) => [m.manifest.type, m.manifest]));

/** Each plugin's i18next namespace ('field.<type>'), all six languages. */
const localeFiles = import.meta.glob<{ default: Record<string, string> }>('../plugins/fields/*/locales/*.json', { eager: true });

export function fieldLocales(): Record<string, Record<string, Record<string, string>>> {
  const out: Record<string, Record<string, Record<string, string>>> = {};
  for (const [path, mod] of Object.entries(localeFiles)) {
    const m = /fields\/([^/]+)\/locales\/([a-z]+)\.json$/.exec(path);
    if (!m) continue;
    const [, type, lang] = m as unknown as [string, string, string];
    (out[lang] ??= {})[`field.${type}`] = mod.default;
  }
  return out;
}
