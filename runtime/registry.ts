import type { FieldManifest, FieldRegistry } from './plugin-contract';

/** Module maps as import.meta.glob returns them (path -> module); a test may build one from any folder. */
export type ManifestModules = Record<string, { manifest: FieldManifest<object> }>;
export type LocaleModules = Record<string, { default: Record<string, string> }>;
/** language -> namespace ('field.<type>') -> texts. */
export type FieldLocales = Record<string, Record<string, Record<string, string>>>;

/** A field registry from manifest modules: one entry per manifest, keyed by its type. */
export function fieldRegistryFrom(modules: ManifestModules): FieldRegistry {
  return Object.fromEntries(Object.values(modules).map((m) => [m.manifest.type, m.manifest]));
}

/** Each plugin's i18next namespace ('field.<type>') from locale files at '…/fields/<type>/locales/<lang>.json'. */
export function fieldLocalesFrom(files: LocaleModules): FieldLocales {
  const out: FieldLocales = {};
  for (const [path, mod] of Object.entries(files)) {
    const m = /fields\/([^/]+)\/locales\/([a-z]+)\.json$/.exec(path);
    if (!m) continue;
    const [, type, lang] = m as unknown as [string, string, string];
    (out[lang] ??= {})[`field.${type}`] = mod.default;
  }
  return out;
}

/**
 * The field registry, built by discovery: every plugins/fields/<type>/manifest.ts found at build time (Vite and
 * vitest both understand import.meta.glob). Adding a field type touches only its folder.
 */
export const fieldRegistry: FieldRegistry = fieldRegistryFrom(
  import.meta.glob<{ manifest: FieldManifest<object> }>('../plugins/fields/*/manifest.ts', { eager: true }),
);

const localeFiles = import.meta.glob<{ default: Record<string, string> }>('../plugins/fields/*/locales/*.json', {
  eager: true,
});

/** Each plugin's i18next namespace ('field.<type>'), all six languages. */
export function fieldLocales(): FieldLocales {
  return fieldLocalesFrom(localeFiles);
}
