import { describe, expect, it } from 'vitest';
import { server } from './server';

describe('rich text sanitizing on write', () => {
  it.each([
    ['<img src=x onerror="alert(1)">', /onerror|alert/],
    ['<a href="javascript:alert(1)">x</a>', /javascript:/],
    ['<svg onload="alert(1)"><circle/></svg>', /svg|onload/],
    ['<script>alert(1)</script><p>ok</p>', /script|alert/],
    ['<p style="background:url(javascript:alert(1))" onclick="x()">hi</p>', /style|onclick|javascript/],
  ])('cleans %s', (dirty, bad) => {
    const clean = server.sanitize!(dirty, { maxLength: 1000 }) as string;
    expect(clean).not.toMatch(bad);
  });

  it('keeps ordinary formatting', () => {
    expect(server.sanitize!('<p><b>Bold</b> and <a href="https://example.com">link</a></p>', { maxLength: 1000 })).toBe(
      '<p><b>Bold</b> and <a href="https://example.com" rel="noopener noreferrer">link</a></p>',
    );
  });
});
