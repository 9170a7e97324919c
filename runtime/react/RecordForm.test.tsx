import { beforeAll, describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { leaveRequest } from '../../tests/fixtures/definitions';
import { compileDefinition } from '../compile';
import { fieldRegistry } from '../registry';
import { initialValues } from '../record-engine';
import { fieldRuntimes } from './registry';
import { RecordForm } from './RecordForm';
import { loadableTypes, loadedRuntimes, loadFieldRuntimes, runtimesLoaded } from './runtime-loaders';
import { loadValidationEngines } from './validation-engines';

describe('RecordForm', () => {
  // The form loads the web parts of the types it uses (and, for patterns, the validation engines) before drawing its
  // fields; a server render cannot wait.
  beforeAll(() => Promise.all([loadFieldRuntimes(loadableTypes()), loadValidationEngines()]));

  it('has a runtime for every field plugin', () => {
    expect(Object.keys(fieldRuntimes).sort()).toEqual(Object.keys(fieldRegistry).sort());
  });

  it('loads each type runtime by itself, under the type it declares', async () => {
    expect(loadableTypes().sort()).toEqual(Object.keys(fieldRegistry).sort());
    for (const type of loadableTypes()) {
      expect(loadedRuntimes[type]).toBe(fieldRuntimes[type]);
      expect(loadedRuntimes[type]!.manifest.type).toBe(type);
    }
    expect(runtimesLoaded(['text', 'no-such-type'])).toBe(true);
    await expect(loadFieldRuntimes(['text', 'no-such-type'])).resolves.toBeUndefined();
  });

  it('renders every field of a definition with its label', () => {
    const c = compileDefinition(leaveRequest, fieldRegistry);
    const html = renderToString(<RecordForm compiled={c} values={initialValues(c)} onChange={() => undefined} />);
    expect(html).toContain('id="field-full_name"');
    expect(html).toContain('Daily rate');
    expect(html).not.toContain('id="field-doctor_note"');
  });

  it('lays a table section out as a table: headers over columns, one row per row of fields', () => {
    const field = (name: string, label: string) => ({ name, label, fieldType: 'text' });
    const def = {
      display_name: 'Expenses',
      fieldGroups: [
        {
          id: 'items',
          label: 'Items',
          isTable: true,
          headers: ['Item'],
          rows: [
            { fields: [field('item_1', 'Item 1'), field('cost_1', 'Cost')] },
            { fields: [field('item_2', 'Item 2'), field('cost_2', 'Cost 2')] },
          ],
        },
      ],
    };
    const c = compileDefinition(def, fieldRegistry);
    expect(c.errors).toEqual([]);
    const html = renderToString(<RecordForm compiled={c} values={initialValues(c)} onChange={() => undefined} />);
    const table = html.slice(html.indexOf('<table'), html.indexOf('</table>'));
    expect(html.indexOf('data-section="items"')).toBeLessThan(html.indexOf('<table'));
    expect(table).toMatch(/class="[^"]*ff-table/);
    const text = (cell: string) => cell.replace(/<[^>]+>/g, '');
    const thead = table.slice(table.indexOf('<thead'), table.indexOf('</thead>'));
    expect(thead.split('</th>').slice(0, -1).map(text)).toEqual(['Item', 'Cost']);
    const body = table.slice(table.indexOf('<tbody'));
    const rows = body.split('</tr>').slice(0, -1);
    expect(rows.map((tr) => [...tr.matchAll(/<input[^>]* id="([^"]+)"/g)].map((m) => m[1]))).toEqual([
      ['field-item_1', 'field-cost_1'],
      ['field-item_2', 'field-cost_2'],
    ]);
    // The label stays for screen readers.
    expect(rows[1]).toMatch(/<label[^>]*for="field-cost_2"[^>]*><span class="ff-sr-only">Cost 2<\/span>/);
  });
});
