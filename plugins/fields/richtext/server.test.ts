import { describe, expect, it } from 'vitest';
import { server } from './server';

const clean = (html: string) => server.sanitize!(html, { maxLength: 100000 }) as string;
const KEY = 'Ab3_d-fghijklmnopqrstuvwxyz01234';

describe('rich text sanitizing on write', () => {
  it.each([
    ['<img src=x onerror="alert(1)">', /onerror|alert/],
    ['<a href="javascript:alert(1)">x</a>', /javascript:/],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', /javascript:/i],
    ['<svg onload="alert(1)"><circle/></svg>', /svg|onload/],
    ['<script>alert(1)</script><p>ok</p>', /script|alert/],
    ['<p style="background:url(javascript:alert(1))" onclick="x()">hi</p>', /style|onclick|javascript/],
    [
      '<table onmouseover="x()"><tbody><tr><td onclick="y()" style="color:red">a</td></tr></tbody></table>',
      /on\w+=|style/,
    ],
    ['<img src="javascript:alert(1)">', /img|javascript/],
    ['<iframe src="https://example.com"></iframe><object></object>', /iframe|object/],
  ])('cleans %s', (dirty, bad) => {
    expect(clean(dirty)).not.toMatch(bad);
  });

  it('keeps ordinary formatting', () => {
    expect(clean('<p><b>Bold</b> and <a href="https://example.com">link</a></p>')).toBe(
      '<p><b>Bold</b> and <a href="https://example.com" rel="noopener noreferrer">link</a></p>',
    );
    expect(clean('<p><u>under</u> <s>struck</s> <a href="mailto:a@b.org">mail</a></p>')).toBe(
      '<p><u>under</u> <s>struck</s> <a href="mailto:a@b.org" rel="noopener noreferrer">mail</a></p>',
    );
  });

  it('keeps tables with spans, without the editor colgroup and styles', () => {
    const html =
      '<table style="min-width: 75px"><colgroup><col style="min-width: 25px"></colgroup><tbody>' +
      '<tr><th colspan="2" rowspan="1"><p>Head</p></th></tr><tr><td colspan="1" rowspan="2"><p>a</p></td><td>b</td></tr>' +
      '</tbody></table>';
    expect(clean(html)).toBe(
      '<table><tbody><tr><th colspan="2" rowspan="1"><p>Head</p></th></tr>' +
        '<tr><td colspan="1" rowspan="2"><p>a</p></td><td>b</td></tr></tbody></table>',
    );
    expect(clean('<table><thead><tr><th>h</th></tr></thead></table>')).toBe(
      '<table><thead><tr><th>h</th></tr></thead></table>',
    );
  });

  it('keeps images from the file store as the bare link, without the viewer token', () => {
    const stored = `/api/form/AWSS3/GetFile?key=${KEY}`;
    expect(clean(`<img src="${stored}&amp;x-token=SECRET&amp;recordId=r1" alt="Plan" width="320" height="abc">`)).toBe(
      `<img src="${stored}" alt="Plan" width="320" />`,
    );
    expect(clean(`<p><img src="${stored}" onerror="alert(1)" style="width:1px"></p>`)).toBe(
      `<p><img src="${stored}" /></p>`,
    );
  });

  it('keeps https images and drops images from http, other paths, data: and javascript:', () => {
    expect(clean('<img src="https://cdn.example.com/a.png" alt="a">')).toBe(
      '<img src="https://cdn.example.com/a.png" alt="a" />',
    );
    for (const src of [
      'http://evil.example.com/a.png',
      '//evil.example.com/a.png',
      '/api/other?key=' + KEY,
      '/api/form/AWSS3/GetFile?key=short',
      'data:image/png;base64,iVBORw0KGgo=',
      'javascript:alert(1)',
    ])
      expect(clean(`<p>x<img src="${src}"></p>`)).toBe('<p>x</p>');
  });
});
