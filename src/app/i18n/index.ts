import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LanguageBundle } from './bundle';
// English is the fallback of every language: it comes with the app; the others are a chunk each.
import english from './bundles/en';

export const LANGUAGES = ['en', 'de', 'es', 'fr', 'ja', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each other language's texts in a chunk of its own, loaded when it is used. */
const bundles = import.meta.glob<{ default: LanguageBundle }>('./bundles/*.ts');

const LANGUAGE_KEY = 'app.language';

function initialLanguage(): Language {
  const saved = typeof localStorage !== 'undefined' ? localStorage.getItem(LANGUAGE_KEY) : null;
  if (saved && (LANGUAGES as readonly string[]).includes(saved)) return saved as Language;
  const nav = typeof navigator !== 'undefined' ? navigator.language.slice(0, 2) : 'en';
  return (LANGUAGES as readonly string[]).includes(nav) ? (nav as Language) : 'en';
}

const loaded = new Map<Language, Promise<void>>([['en', Promise.resolve()]]);
/** Adds a language's texts to i18next once (namespaces already there, such as a designer's, are kept). */
export function loadLanguage(lang: Language): Promise<void> {
  let p = loaded.get(lang);
  if (!p) {
    p = bundles[`./bundles/${lang}.ts`]!().then((m) => {
      for (const [ns, texts] of Object.entries(m.default)) i18next.addResourceBundle(lang, ns, texts, true, false);
    });
    p.catch(() => loaded.delete(lang));
    loaded.set(lang, p);
  }
  return p;
}

export async function setLanguage(lang: Language) {
  localStorage.setItem(LANGUAGE_KEY, lang);
  await loadLanguage(lang);
  await i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
}

const startLanguage = initialLanguage();
// The page says which language it is in from the first paint (screen readers and the browser's spelling use it).
if (typeof document !== 'undefined') document.documentElement.lang = startLanguage;

/** Settled once the start language is loaded (at once for English): the app renders after it, so no key shows. */
export const i18nReady: Promise<unknown> = i18next
  .use(initReactI18next)
  .init({
    resources: { en: english },
    partialBundledLanguages: true,
    // With English in hand, an English page renders in the same task as the app starts.
    initAsync: false,
    lng: startLanguage,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  })
  .then(() => loadLanguage(startLanguage))
  .then(() => i18next.changeLanguage(startLanguage));

export default i18next;
