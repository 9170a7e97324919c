import { createElement as h, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { FieldDataContext, type FieldDataSource } from '../../../runtime/react/field-data';
import en from './locales/en.json';
import { manifest, type SignatureValue } from './manifest';
import { runtime } from './runtime';
import { SignaturePadField } from './SignaturePadField';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { 'field.signature': en } }, showSupportNotice: false });
});

const signed: SignatureValue = {
  key: 'K'.repeat(32),
  fileName: 'signature.png',
  size: 800,
  contentType: 'image/png',
  strokes: [[[1, 1, 0]]],
  width: 600,
  height: 180,
  signedBy: { id: 'u1', label: 'Ada Lovelace' },
  signedOn: '2026-11-26T10:00:00.000Z',
  version: 2,
};

const files = { url: (k: string) => `/files/${k}`, upload: async () => signed, discard: async () => undefined };
const render = (node: ReactNode, data: Partial<FieldDataSource> | null) =>
  renderToString(h(I18nextProvider, { i18n }, h(FieldDataContext.Provider, { value: data as FieldDataSource }, node)));
type Props = { disabled?: boolean; readOnly?: boolean; value?: unknown };
const props = (p: Props) => ({
  id: 'field-sig',
  name: 'sig',
  value: 'value' in p ? p.value : signed,
  config: manifest.defaultConfig,
  disabled: p.disabled ?? false,
  readOnly: p.readOnly,
  invalid: false,
  onChange: () => undefined,
  onBlur: () => undefined,
});
const widget = (p: Props) => h(runtime.Widget, props(p));

describe('signature widget', () => {
  it('shows the stored image and who signed when, read-only: no pad', () => {
    const html = render(widget({ disabled: true, readOnly: true }), { files });
    expect(html).toContain(`src="/files/${signed.key}"`);
    expect(html).toContain('alt="Signature of Ada Lovelace"');
    expect(html).toMatch(/Signed by Ada Lovelace on Nov 26, 2026/);
    expect(html).not.toContain('<canvas');
  });

  it('loads the pad on demand where the value may change', () => {
    const html = render(widget({}), { files });
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain('<img');
  });

  it('draws a pad with working Undo and Clear buttons while the value may change', () => {
    const html = render(h(SignaturePadField, { ...props({}), files: files as never }), { files });
    expect(html).toMatch(/<canvas[^>]*id="field-sig"[^>]*role="img"/);
    expect(html).toContain('aria-label="Undo the last stroke"');
    expect(html).toContain('aria-label="Clear the signature"');
    expect(html).not.toMatch(/<button[^>]*aria-label="Clear the signature" disabled=""/);
    expect(html).toMatch(/Signed by Ada Lovelace/);
  });

  it('draws a disabled pad in the designer preview (no file store)', () => {
    const html = render(h(SignaturePadField, props({ value: null, disabled: true })), null);
    expect(html).toContain('<canvas');
    expect(html).toContain('aria-disabled="true"');
    expect(html).toMatch(/<button[^>]*aria-label="Undo the last stroke" disabled=""/);
    expect(html).toContain('Sign here');
  });

  it('says "Not signed" for an empty read-only field, and the display shows the stamp', () => {
    expect(render(widget({ value: null, disabled: true, readOnly: true }), { files })).toContain('Not signed');
    expect(render(h(runtime.Display, { value: signed, config: manifest.defaultConfig }), null)).toMatch(
      /Signed by Ada Lovelace/,
    );
  });
});
