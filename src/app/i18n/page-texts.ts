import i18next from 'i18next';
import type { Tree } from './bundle';

/** The English texts bundles/en.ts leaves out (the same list), each a chunk of its own. */
const english = import.meta.glob<{ default: Tree }>(
  './locales/{audit,dashboards,dataconnector,designer,help,ocr,ocrrules,processconsole,referencedata,reports,rolesperm,uni,webhooks,workflow}/en.json',
);

/**
 * Loads the English texts of page-only features (bundles/en.ts leaves them out) before their page renders; English
 * is every language's fallback, so it is needed whatever the language.
 */
export async function pageTexts(features: readonly string[]): Promise<void> {
  await Promise.all(
    features.map(async (f) => {
      const load = english[`./locales/${f}/en.json`];
      if (!load) throw new Error(`No texts for ${f}`);
      const texts = (await load()).default;
      for (const [k, v] of Object.entries(texts))
        i18next.addResourceBundle('en', 'translation', { [k]: v }, true, false);
    }),
  );
}
