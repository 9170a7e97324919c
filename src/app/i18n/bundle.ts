import { fieldLocalesFrom, type LocaleModules } from '../../../runtime/field-locales';

export type Tree = { [k: string]: string | Tree };
/** i18next namespace -> texts: 'translation' (the app's) and 'field.<type>' (each field plugin's). */
export type LanguageBundle = Record<string, Tree>;

/**
 * One language's texts: the base file, each feature's file merged over it (features never edit one shared file;
 * a feature file's top-level keys should be its own), and the field plugins' namespaces, needed wherever a form is
 * filled. Each language is its own chunk, loaded when it is used.
 */
export function languageBundle(
  lang: string,
  base: Tree,
  features: Record<string, { default: Tree }>,
  fields: LocaleModules,
): LanguageBundle {
  const out: Tree = { ...base };
  for (const mod of Object.values(features))
    for (const [k, v] of Object.entries(mod.default)) {
      const prev = out[k];
      out[k] = prev && typeof prev === 'object' && typeof v === 'object' ? { ...prev, ...v } : v;
    }
  return { translation: out, ...(fieldLocalesFrom(fields)[lang] ?? {}) };
}
