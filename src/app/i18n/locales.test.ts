import { describe, expect, it } from 'vitest';
import { LANGUAGES, resources } from './index';

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('translations', () => {
  const english = keys(resources.en).sort();
  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every key the English file has, and no others', (lang) => {
    expect(keys(resources[lang]).sort()).toEqual(english);
  });
});
