import { createElement, type ReactElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { FieldDataContext, type FieldDataSource } from '../../../runtime/react/field-data';
import { manifest, type MultiFileConfig } from './manifest';
import { runtime } from './runtime';
import { server } from './server';

const file = (n: number, fileName: string, contentType = 'text/plain') => ({
  key: String(n).repeat(32),
  fileName,
  size: 2048,
  contentType,
});
const source = {
  files: { upload: async () => file(1, 'a'), url: (k: string) => `/f/${k}`, discard: async () => {} },
} as unknown as FieldDataSource;
const config: MultiFileConfig = { accept: [], maxSizeMb: 5, maxFiles: 2 };

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
        id: 'field-docs',
        name: 'docs',
        value,
        config,
        disabled: false,
        readOnly,
        invalid: false,
        onChange: () => undefined,
        onBlur: () => undefined,
      }),
    ),
  );

describe('multi-file field', () => {
  it('refuses more files than the field holds, and files of other types', () => {
    const c = { ...config, accept: ['.txt'] };
    expect(manifest.validate!([file(1, 'a.txt'), file(2, 'b.txt')], c)).toEqual([]);
    expect(manifest.validate!([file(1, 'a.txt'), file(2, 'b.txt'), file(3, 'c.txt')], c)).toEqual([
      'Attach at most 2 files',
    ]);
    expect(manifest.validate!([file(1, 'a.exe', 'application/x-msdownload')], c)).toEqual([
      'a.exe: this type of file is not allowed here',
    ]);
    expect(manifest.valueSchema(c)).toMatchObject({ type: 'array', maxItems: 2 });
  });

  it('stores only what each upload answered', () => {
    expect(server.sanitize!([{ ...file(1, 'a.txt'), extra: 1 }], config)).toEqual([file(1, 'a.txt')]);
  });

  it('lists stored files with download and remove, and takes more while there is room', async () => {
    const one = await render([file(1, 'a.txt')]);
    expect(one).toContain('href="/f/11111111111111111111111111111111"');
    expect(one).toMatch(/<input id="field-docs" type="file" class="ff-file-input" multiple=""/);
    const full = await render([file(1, 'a.txt'), file(2, 'b.txt')]);
    expect(full).not.toContain('type="file"');
    expect(full).toContain('id="field-docs"');
    expect(full.match(/aria-label="remove"/g)).toHaveLength(2);
  }, 20_000);

  it('on a read-only step only opens the files', async () => {
    const page = await render([file(1, 'a.txt')], true);
    expect(page).toContain('download="a.txt"');
    expect(page).not.toContain('type="file"');
    expect(page).not.toContain('aria-label="remove"');
  }, 20_000);
});
