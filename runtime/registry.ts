import type { FieldManifest, FieldRegistry } from './plugin-contract';

/** Module maps as import.meta.glob returns them (path -> module); a test may build one from any folder. */
export type ManifestModules = Record<string, { manifest: FieldManifest<object> }>;
export type { FieldLocales, LocaleModules } from './field-locales';
export { fieldLocalesFrom } from './field-locales';

/** A field registry from manifest modules: one entry per manifest, keyed by its type. */
export function fieldRegistryFrom(modules: ManifestModules): FieldRegistry {
  return Object.fromEntries(Object.values(modules).map((m) => [m.manifest.type, m.manifest]));
}

/**
 * The field registry, built by discovery: every plugins/fields/<type>/manifest.ts found at build time (Vite and
 * vitest both understand import.meta.glob). Adding a field type touches only its folder.
 */
export const fieldRegistry: FieldRegistry = fieldRegistryFrom(
  import.meta.glob<{ manifest: FieldManifest<object> }>('../plugins/fields/*/manifest.ts', { eager: true }),
);
