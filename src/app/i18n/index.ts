import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import de from './locales/de.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import ja from './locales/ja.json';
import zh from './locales/zh.json';
import { fieldLocales } from '../../../runtime/registry';

export const LANGUAGES = ['en', 'de', 'es', 'fr', 'ja', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

type Tree = { [k: string]: string | Tree };

/**
 * Each feature may keep its texts in locales/<feature>/<lang>.json; they are merged over the base file so
 * features never edit one shared file. Top-level keys of a feature file should be the feature's own.
 */
const featureFiles = import.meta.glob<{ default: Tree }>('./locales/*/*.json', { eager: true });

function withFeatures(lang: Language, base: Tree): Tree {
  const out: Tree = { ...base };
  for (const [path, mod] of Object.entries(featureFiles)) {
    if (!path.endsWith(`/${lang}.json`)) continue;
    for (const [k, v] of Object.entries(mod.default)) {
      const prev = out[k];
      out[k] = prev && typeof prev === 'object' && typeof v === 'object' ? { ...prev, ...v } : v;
    }
  }
  return out;
}

export const resources: Record<Language, Tree> = {
  en: withFeatures('en', en),
  de: withFeatures('de', de),
  es: withFeatures('es', es),
  fr: withFeatures('fr', fr),
  ja: withFeatures('ja', ja),
  zh: withFeatures('zh', zh),
};

const LANGUAGE_KEY = 'app.language';

function initialLanguage(): Language {
  const saved = typeof localStorage !== 'undefined' ? localStorage.getItem(LANGUAGE_KEY) : null;
  if (saved && (LANGUAGES as readonly string[]).includes(saved)) return saved as Language;
  const nav = typeof navigator !== 'undefined' ? navigator.language.slice(0, 2) : 'en';
  return (LANGUAGES as readonly string[]).includes(nav) ? (nav as Language) : 'en';
}

export function setLanguage(lang: Language) {
  localStorage.setItem(LANGUAGE_KEY, lang);
  void i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
}

const pluginTexts = fieldLocales();
const startLanguage = initialLanguage();
// The page says which language it is in from the first paint (screen readers and the browser's spelling use it).
if (typeof document !== 'undefined') document.documentElement.lang = startLanguage;

void i18next.use(initReactI18next).init({
  // Field plugins' own texts (namespace 'field.<type>') are needed wherever a form is filled, not only in the designer.
  resources: Object.fromEntries(
    Object.entries(resources).map(([k, v]) => [k, { translation: v, ...(pluginTexts[k] ?? {}) }]),
  ),
  lng: startLanguage,
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

export default i18next;
