import { describe, expect, it } from 'vitest';
import type { LanguageBundle } from './bundle';
import { LANGUAGES } from './index';

const bundles = import.meta.glob<{ default: LanguageBundle }>('./bundles/*.ts', { eager: true });
const translation = (lang: string) => bundles[`./bundles/${lang}.ts`]!.default.translation!;

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('translations', () => {
  const english = keys(translation('en')).sort();
  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every key the English file has, and no others', (lang) => {
    expect(keys(translation(lang)).sort()).toEqual(english);
  });
  it('each language bundle carries the field plugins’ namespaces', () => {
    for (const lang of LANGUAGES) expect(Object.keys(bundles[`./bundles/${lang}.ts`]!.default)).toContain('field.text');
  });
});
