import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { FieldDataContext, type FieldDataSource } from '../../../runtime/react/field-data';
import { manifest } from './manifest';
import { runtime } from './runtime';
import { server } from './server';

const PDF = { key: 'a'.repeat(32), fileName: 'offer.pdf', size: 5120, contentType: 'application/pdf' };
/** Drawn in the rendering tests: a PDF's thumbnail needs a browser (pdf.js). */
const NOTE = { ...PDF, fileName: 'offer.txt', contentType: 'text/plain' };
const source = {
  files: { upload: async () => PDF, url: (k: string) => `/api/form/AWSS3/GetFile?key=${k}`, discard: async () => {} },
} as unknown as FieldDataSource;

/** The widget's HTML once its lazily loaded part has arrived. */
async function html(el: ReactElement): Promise<string> {
  const { prelude } = await prerenderToNodeStream(el);
  let out = '';
  for await (const chunk of prelude) out += String(chunk);
  return out;
}

const render = (props: { value: unknown; readOnly?: boolean; data?: FieldDataSource | null }) =>
  html(
    createElement(
      FieldDataContext.Provider,
      { value: props.data === undefined ? source : props.data },
      createElement(runtime.Widget, {
        id: 'field-offer',
        name: 'offer',
        value: props.value,
        config: { accept: ['.pdf'], maxSizeMb: 2 },
        disabled: false,
        readOnly: props.readOnly,
        invalid: false,
        onChange: () => undefined,
        onBlur: () => undefined,
      }),
    ),
  );

describe('file field', () => {
  it('gives the upload route its rules in bytes', () => {
    expect(manifest.uploadRules!({ accept: ['.pdf'], maxSizeMb: 2 })).toEqual({ accept: ['.pdf'], maxBytes: 2097152 });
    expect(manifest.uploadRules!({ accept: [], maxSizeMb: null })).toEqual({ accept: [], maxBytes: null });
  });

  it('stays usable on read-only steps so the file can be opened', () => {
    expect(manifest.uiHints?.alwaysEnabled).toBe(true);
  });

  it('says which stored file breaks the rules', () => {
    const c = { accept: ['.pdf'], maxSizeMb: 1 };
    expect(manifest.validate!(PDF, c)).toEqual([]);
    expect(manifest.validate!({ ...PDF, fileName: 'a.png', contentType: 'image/png' }, c)).toEqual([
      'a.png: this type of file is not allowed here',
    ]);
  });

  it('stores only what the upload answered', () => {
    expect(server.sanitize!({ ...PDF, url: 'javascript:alert(1)' }, manifest.defaultConfig)).toEqual(PDF);
    expect(server.sanitize!(null, manifest.defaultConfig)).toBeNull();
  });

  it('draws a drop zone with the field id on the file input, and the stored file as a download link', async () => {
    const empty = await render({ value: null });
    expect(empty).toMatch(/<input id="field-offer" type="file"[^>]*accept=".pdf"/);
    const page = await render({ value: NOTE });
    expect(page).toContain(`href="/api/form/AWSS3/GetFile?key=${PDF.key}"`);
    expect(page).toContain('download="offer.txt"');
    expect(page).toContain('aria-label="remove"');
    expect(page).not.toContain('type="file"'); // one file: the drop zone gives way to it
  }, 20_000);

  it('on a read-only step shows the link but neither upload nor remove', async () => {
    const page = await render({ value: NOTE, readOnly: true });
    expect(page).toContain('download="offer.txt"');
    expect(page).not.toContain('type="file"');
    expect(page).not.toContain('aria-label="remove"');
  }, 20_000);

  it('is drawn disabled where files cannot be stored (the designer)', async () => {
    expect(await render({ value: null, data: null })).toMatch(/<input id="field-offer" type="file"[^>]*disabled/);
  }, 20_000);

  it('displays names as links with sizes', () => {
    const page = renderToString(
      createElement(
        FieldDataContext.Provider,
        { value: source },
        createElement(runtime.Display, { value: PDF, config: manifest.defaultConfig }),
      ),
    );
    expect(page).toMatch(/<a href="[^"]+" download="offer.pdf">offer.pdf<\/a>/);
    expect(page).toContain('5 kB');
  });
});
