/** Locale modules as import.meta.glob returns them (path -> module). */
export type LocaleModules = Record<string, { default: Record<string, string> }>;
/** language -> namespace ('field.<type>') -> texts. */
export type FieldLocales = Record<string, Record<string, Record<string, string>>>;

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
