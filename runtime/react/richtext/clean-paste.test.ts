import { describe, expect, it } from 'vitest';
import { cleanPastedHtml } from './clean-paste';
import { WORD_CLIPBOARD_HTML } from './word-sample';

const squash = (s: string) => s.replace(/\s+/g, ' ').replace(/> </g, '><');

describe('cleanPastedHtml', () => {
  const clean = squash(cleanPastedHtml(WORD_CLIPBOARD_HTML));

  it('drops everything Office adds', () => {
    expect(clean).not.toMatch(/mso-|Mso|<o:p|o:p>|<!--|\[if|<style|<meta|<span|class=|style=|lang=|font-family|Symbol/);
  });

  it('keeps headings, paragraphs, bold and italic, and safe links only', () => {
    expect(clean).toContain('<h1>Quarterly report</h1>');
    expect(clean).toContain('<h2>Highlights</h2>');
    expect(clean).toContain('<p>Sales were <b>strong</b> and <i>steady</i>, said <strong>Ada</strong>.</p>');
    expect(clean).toContain('<a href="https://example.com/report">the report</a>');
    expect(clean).not.toContain('javascript:');
    expect(clean).toContain('or this.');
  });

  it('turns list paragraphs into nested bullet and numbered lists without their markers', () => {
    expect(clean).toContain('<ul><li>New customers<ul><li>In Germany</li></ul></li><li>Lower costs</li></ul>');
    expect(clean).toContain('<ol><li>Hire</li><li>Expand</li></ol>');
    expect(clean).not.toMatch(/·|>o\b/);
  });

  it('drops the empty paragraphs Word uses for spacing', () => {
    expect(clean).not.toMatch(/<p>\s*<\/p>/);
  });

  it('leaves plain HTML as it is, unwrapping unknown elements and refusing unsafe images', () => {
    expect(cleanPastedHtml('<div><p>One <u>two</u></p></div>')).toBe('<p>One <u>two</u></p>');
    expect(cleanPastedHtml('<p>a<img src="file:///C:/x.png">b<img src="https://x.org/a.png" onerror="x"></p>')).toBe(
      '<p>ab<img src="https://x.org/a.png"></p>',
    );
    expect(cleanPastedHtml('<b style="font-weight:normal" id="docs-internal-guid-1"><p>Docs</p></b>')).toBe(
      '<p>Docs</p>',
    );
    expect(cleanPastedHtml('<h5>Small</h5><script>alert(1)</script>')).toBe('<h3>Small</h3>');
  });
});

describe('cleanPastedHtml with a copy from the editor itself', () => {
  it('keeps the slice marker ProseMirror uses to paste its own content back as it was', () => {
    expect(
      cleanPastedHtml(
        '<meta charset="utf-8"><p data-pm-slice="1 1 []">a <strong>b</strong></p><table><tr><td>x<td>y</table>',
      ),
    ).toBe('<p data-pm-slice="1 1 []">a <strong>b</strong></p><table><tr><td>x</td><td>y</td></tr></table>');
  });
});
