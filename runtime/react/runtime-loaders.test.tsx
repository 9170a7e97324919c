import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { compileDefinition } from '../compile';
import { initialValues } from '../record-engine';
import { fieldRegistry } from '../registry';
import { RecordForm } from './RecordForm';
import fs from 'node:fs';
import path from 'node:path';
import { loadableTypes, loadFieldRuntimes, runtimesLoaded } from './runtime-loaders';

const field = (name: string, fieldType: string) => ({ name, label: name, fieldType });

const FIELDS = path.resolve(import.meta.dirname, '../../plugins/fields');
/** Types whose folder asks for their web part to come with the form. */
const withForm = fs.readdirSync(FIELDS).filter((d) => fs.existsSync(path.join(FIELDS, d, 'with-form.ts')));

describe('field runtimes', () => {
  it('has the with-form types with the record form, so a form of them draws without waiting for a chunk', () => {
    expect(withForm).toEqual(expect.arrayContaining(['text', 'number']));
    expect(runtimesLoaded(withForm)).toBe(true);
    const c = compileDefinition(
      {
        display_name: 'Plain',
        fieldGroups: [{ id: 's', label: 'S', rows: [{ fields: [field('who', 'text'), field('age', 'number')] }] }],
      },
      fieldRegistry,
    );
    const html = renderToString(<RecordForm compiled={c} values={initialValues(c)} onChange={() => undefined} />);
    expect(html).toMatch(/<input[^>]*id="field-who"/);
    expect(html).toMatch(/<input[^>]*id="field-age"/);
  });

  it('loads the other types on demand, each once', async () => {
    expect(runtimesLoaded(['lookup'])).toBe(false);
    expect(loadableTypes()).toContain('lookup');
    await Promise.all([loadFieldRuntimes(['lookup']), loadFieldRuntimes(['lookup', 'text'])]);
    expect(runtimesLoaded(['lookup', 'text'])).toBe(true);
  });
});
