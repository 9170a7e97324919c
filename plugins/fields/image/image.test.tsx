import { createElement, type ReactElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { FieldDataContext, type FieldDataSource } from '../../../runtime/react/field-data';
import { manifest } from './manifest';
import { runtime } from './runtime';
import { server } from './server';

const PHOTO = {
  key: 'p'.repeat(32),
  fileName: 'site.jpg',
  size: 180000,
  contentType: 'image/jpeg',
  width: 1600,
  height: 1200,
};
const source = {
  files: { upload: async () => PHOTO, url: (k: string) => `/f/${k}`, discard: async () => {} },
} as unknown as FieldDataSource;

/** The widget's HTML once its lazily loaded part has arrived. */
async function html(el: ReactElement): Promise<string> {
  const { prelude } = await prerenderToNodeStream(el);
  let out = '';
  for await (const chunk of prelude) out += String(chunk);
  return out;
}

const render = (value: unknown, readOnly = false) =>
  html(
    createElement(
      FieldDataContext.Provider,
      { value: source },
      createElement(runtime.Widget, {
        id: 'field-photo',
        name: 'photo',
        value,
        config: manifest.defaultConfig,
        disabled: false,
        readOnly,
        invalid: false,
        onChange: () => undefined,
        onBlur: () => undefined,
      }),
    ),
  );

describe('image field', () => {
  it('lets only pictures a browser draws through, within the size', () => {
    expect(manifest.uploadRules!(manifest.defaultConfig)).toEqual({
      accept: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
      maxBytes: 10 * 1024 * 1024,
    });
    expect(
      manifest.validate!({ ...PHOTO, fileName: 'x.svg', contentType: 'image/svg+xml' }, manifest.defaultConfig),
    ).toHaveLength(1);
  });

  it('keeps the pixel size with the file and nothing else', () => {
    expect(server.sanitize!({ ...PHOTO, note: 'x' }, manifest.defaultConfig)).toEqual(PHOTO);
  });

  it('shows the stored picture with its size and a download link', async () => {
    const page = await render(PHOTO);
    expect(page).toContain(`<img src="/f/${PHOTO.key}" alt="site.jpg"`);
    expect(page).toContain('1600 × 1200');
    expect(page).toContain('download="site.jpg"');
    expect(page).toContain('aria-label="remove"');
  }, 20_000);

  it('offers choosing a picture when empty, and nothing to change on a read-only step', async () => {
    expect(await render(null)).toMatch(/<input id="field-photo" type="file"[^>]*accept="image\/\*"/);
    const ro = await render(PHOTO, true);
    expect(ro).toContain('download="site.jpg"');
    expect(ro).not.toContain('type="file"');
    expect(ro).not.toContain('aria-label="remove"');
  }, 20_000);
});
