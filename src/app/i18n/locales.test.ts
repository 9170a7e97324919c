import { describe, expect, it } from 'vitest';
import { languageBundle, type LanguageBundle, type Tree } from './bundle';
import { LANGUAGES } from './index';
import base from './locales/en.json';

const bundles = import.meta.glob<{ default: LanguageBundle }>('./bundles/*.ts', { eager: true });
const translation = (lang: string) => bundles[`./bundles/${lang}.ts`]!.default.translation!;

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

/** English as a whole: the bundle and the page-only texts that come with their pages (bundles/en.ts). */
const allEnglish = languageBundle(
  'en',
  base,
  import.meta.glob<Tree>('./locales/*/en.json', { eager: true, import: 'default' }),
  {},
);

describe('translations', () => {
  const english = keys(allEnglish.translation!).sort();
  it('the English bundle leaves out only page-only features', () => {
    const bundled = new Set(keys(translation('en')));
    const left = english.filter((k) => !bundled.has(k)).map((k) => k.split('.')[0]);
    expect([...new Set(left)].sort()).toEqual(
      [
        'AUDIT',
        'DASHBOARDS',
        'DC',
        'DESIGNER',
        'HELP',
        'OCR',
        'OCRRULES',
        'PROCESSCONSOLE',
        'REFDATA',
        'REPORTS',
        'ROLESPERM',
        'UNI',
        'WH',
        'WORKFLOW',
      ].sort(),
    );
  });
  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every key the English file has, and no others', (lang) => {
    expect(keys(translation(lang)).sort()).toEqual(english);
  });
  it('each language bundle carries the field plugins’ namespaces', () => {
    for (const lang of LANGUAGES) expect(Object.keys(bundles[`./bundles/${lang}.ts`]!.default)).toContain('field.text');
  });
});
