import { describe, expect, it } from 'vitest';
import { checkReturnUrl } from './flows.js';

describe('checkReturnUrl', () => {
  it.each(['/', '/tasks', '/module/7?from=sidebar', '/a/b#c', '/%2F%2Fevil.com'])(
    'accepts the same-site path %s',
    (url) => {
      expect(checkReturnUrl(url)).toBe(url);
    },
  );

  it('treats a missing value as home', () => {
    expect(checkReturnUrl(undefined)).toBe('/');
    expect(checkReturnUrl('')).toBe('/');
  });

  it.each([
    '//evil.com',
    '///evil.com',
    '/\\evil.com',
    'http://evil.com',
    'https:evil.com',
    'javascript:alert(1)',
    'tasks',
    '/a\nb',
    '/a\\b',
  ])('refuses %s', (url) => {
    expect(checkReturnUrl(url)).toBeUndefined();
  });

  it('refuses what is not a string', () => {
    expect(checkReturnUrl(['/x'])).toBeUndefined();
    expect(checkReturnUrl('/' + 'a'.repeat(2001))).toBeUndefined();
  });
});
