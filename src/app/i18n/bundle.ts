import { fieldLocalesFrom } from '../../../runtime/field-locales';

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
  features: Record<string, Tree>,
  fields: Record<string, Record<string, string>>,
): LanguageBundle {
  const out: Tree = { ...base };
  for (const texts of Object.values(features))
    for (const [k, v] of Object.entries(texts)) {
      const prev = out[k];
      out[k] = prev && typeof prev === 'object' && typeof v === 'object' ? { ...prev, ...v } : v;
    }
  const modules = Object.fromEntries(Object.entries(fields).map(([path, texts]) => [path, { default: texts }]));
  return { translation: out, ...(fieldLocalesFrom(modules)[lang] ?? {}) };
}
