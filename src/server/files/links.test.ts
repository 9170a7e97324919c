import { describe, expect, it } from 'vitest';
import { fileKeysIn } from './links.js';

const K1 = 'a'.repeat(31) + 'B';
const K2 = 'Zz09_-'.repeat(5) + 'xy';

describe('fileKeysIn', () => {
  it('finds a key held as the value, a download link, an upload answer or lists of them', () => {
    expect(fileKeysIn(K1)).toEqual([K1]);
    expect(fileKeysIn(`/api/form/AWSS3/GetFile?key=${K1}`)).toEqual([K1]);
    expect(fileKeysIn(`/api/form/AWSS3/GetFile?recordId=r1&key=${K2}&x-token=t`)).toEqual([K2]);
    expect(fileKeysIn({ key: K1, fileName: 'a.pdf', url: `/api/form/AWSS3/GetFile?key=${K1}` })).toEqual([K1]);
    expect(fileKeysIn([{ key: K1 }, K2, K1])).toEqual([K1, K2]);
  });

  it('finds every download link in rich text, inside attributes', () => {
    const html = `<p>a</p><img src="/api/form/AWSS3/GetFile?key=${K1}" alt="x"><img src='/api/form/AWSS3/GetFile?key=${K2}'>`;
    expect(fileKeysIn(html)).toEqual([K1, K2]);
    expect(fileKeysIn(`<img src="/api/form/AWSS3/GetFile?key=${K1}x">`)).toEqual([]);
  });

  it('finds nothing in text that merely contains a key, or in other values', () => {
    expect(fileKeysIn(`see ${K1}`)).toEqual([]);
    expect(fileKeysIn(`F${K1}`)).toEqual([]);
    expect(fileKeysIn(`https://elsewhere.test/download?key=${K1}`)).toEqual([]);
    expect(fileKeysIn(K1.slice(1))).toEqual([]);
    for (const v of [null, undefined, 42, true, {}, []]) expect(fileKeysIn(v)).toEqual([]);
  });

  it('stops at a bounded depth', () => {
    expect(fileKeysIn([[[[K1]]]])).toEqual([K1]);
    expect(fileKeysIn([[[[[K1]]]]])).toEqual([]);
  });
});
