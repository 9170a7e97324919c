import fastUri from 'fast-uri';
import { describe, expect, it } from 'vitest';
import { equal, resolve } from './uri-resolver';

// The web build hands rjsf these instead of fast-uri: they must give fast-uri's answers for `$id`/`$ref` pairs.
const pairs: [string, string][] = [
  ['https://example.com/schemas/root.json', 'item.json'],
  ['https://example.com/schemas/root.json', '#/$defs/item'],
  ['https://example.com/schemas/root.json', '../other.json#/a'],
  ['https://example.com/schemas/', '/abs.json'],
  ['https://example.com/schemas/root.json', 'https://other.org/x.json'],
  ['urn:example:root', '#/$defs/a'],
  ['folder/root.json', 'item.json'],
  ['/folder/root.json', 'item.json#/a'],
  ['root.json', '#/$defs/a'],
  ['folder/root.json', '/abs.json'],
];

describe('uri-resolver (rjsf’s fast-uri in the web build)', () => {
  it.each(pairs)('resolves %s + %s as fast-uri does', (base, ref) => {
    expect(resolve(base, ref)).toBe(fastUri.resolve(base, ref));
  });

  it('compares URIs as fast-uri does', () => {
    const cases: [string, string][] = [
      ['https://example.com/a', 'https://EXAMPLE.com/a'],
      ['https://example.com/a', 'https://example.com/b'],
      ['https://example.com/a#x', 'https://example.com/a#x'],
      ['https://example.com:443/a', 'https://example.com/a'],
      ['item.json', 'item.json'],
      ['item.json', 'other.json'],
    ];
    for (const [a, b] of cases) expect(equal(a, b), `${a} ${b}`).toBe(fastUri.equal(a, b));
  });
});
