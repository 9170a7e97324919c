import { describe, expect, it } from 'vitest';
import type { ModuleDefinition } from '../../schemas/module-definition';
import { fieldRegistry } from '../../runtime/registry';
import {
  addSection,
  allFields,
  insertField,
  moveField,
  moveSection,
  newField,
  removeField,
  updateField,
  updateSection,
} from './model';

const def: ModuleDefinition = {
  display_name: 'T',
  fieldGroups: [
    {
      id: 's1',
      label: 'S1',
      rows: [
        {
          fields: [
            { name: 'a', label: 'A', fieldType: 'text' },
            { name: 'b', label: 'B', fieldType: 'text' },
          ],
        },
        { fields: [{ name: 'c', label: 'C', fieldType: 'text' }] },
      ],
    },
    { id: 's2', label: 'S2', rows: [{ fields: [] }] },
  ],
};
const names = (d: ModuleDefinition) =>
  d.fieldGroups.map((g) => g.rows.map((r) => r.fields.map((f) => f.name).join(',')).join('|'));

describe('designer model', () => {
  it('adds fields with defaults: unique name, Untitled field, column width 4, plugin config (amounts: 2 places)', () => {
    const f = newField(def, 'number', fieldRegistry);
    expect(f).toMatchObject({
      name: 'number_1',
      label: 'Untitled field',
      columnWidth: 4,
      config: { decimalPlaces: 2, format: 'plain' },
    });
    expect(names(insertField(def, f, { kind: 'before', name: 'b' }))).toEqual(['a,number_1,b|c', '']);
    expect(names(insertField(def, f, { kind: 'newRow', group: 1 }))).toEqual(['a,b|c', '|number_1']);
  });

  it('moves fields between rows and sections, dropping rows left empty', () => {
    expect(names(moveField(def, 'c', { kind: 'before', name: 'a' }))).toEqual(['c,a,b', '']);
    expect(names(moveField(def, 'a', { kind: 'rowEnd', group: 0, row: 0 }))).toEqual(['b,a|c', '']);
    expect(names(moveField(def, 'c', { kind: 'rowEnd', group: 1, row: 0 }))).toEqual(['a,b', 'c']);
    expect(names(moveField(def, 'a', { kind: 'rowEnd', group: 0, row: 1 }))).toEqual(['b|c,a', '']);
    expect(moveField(def, 'b', { kind: 'rowEnd', group: 0, row: 0 })).toBe(def);
  });

  it('shares structure: an edit copies only its path', () => {
    const next = updateField(def, 'c', { label: 'See' });
    expect(next.fieldGroups[1]).toBe(def.fieldGroups[1]);
    expect(next.fieldGroups[0]!.rows[0]).toBe(def.fieldGroups[0]!.rows[0]);
    expect(next.fieldGroups[0]!.rows[1]!.fields[0]!.label).toBe('See');
    expect(allFields(removeField(def, 'a')).map((f) => f.name)).toEqual(['b', 'c']);
  });

  it('adds and reorders sections', () => {
    const d = addSection(def, 1, 'New');
    expect(d.fieldGroups.map((g) => g.id)).toEqual(['s1', 'section-3', 's2']);
    expect(moveSection(d, 's2', 0).fieldGroups.map((g) => g.id)).toEqual(['s2', 's1', 'section-3']);
    expect(moveSection(d, 's1', 3).fieldGroups.map((g) => g.id)).toEqual(['section-3', 's2', 's1']);
  });

  it('marks a section as a table with headers and removes both again', () => {
    const table = updateSection(def, 's2', { isTable: true, headers: ['Item', 'Qty'] });
    expect(table.fieldGroups[1]).toMatchObject({ isTable: true, headers: ['Item', 'Qty'] });
    expect(table.fieldGroups[0]).toBe(def.fieldGroups[0]);
    const plain = updateSection(table, 's2', { isTable: undefined, headers: undefined });
    expect(Object.keys(plain.fieldGroups[1]!)).not.toContain('isTable');
    expect(Object.keys(plain.fieldGroups[1]!)).not.toContain('headers');
  });
});
