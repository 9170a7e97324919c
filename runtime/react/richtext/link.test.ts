import { describe, expect, it } from 'vitest';
import { normalizeLink } from './link';

describe('normalizeLink', () => {
  it.each([
    ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['http://example.com', 'http://example.com'],
    ['example.com/path', 'https://example.com/path'],
    ['example.com:8080/x', 'https://example.com:8080/x'],
    ['ada@example.com', 'mailto:ada@example.com'],
    ['mailto:ada@example.com', 'mailto:ada@example.com'],
  ])('accepts %s', (typed, link) => expect(normalizeLink(typed)).toBe(link));

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,x',
    '/relative',
    'ftp://x.org',
    '',
    'a b.com',
  ])('refuses %s', (typed) => expect(normalizeLink(typed)).toBeNull());
});
