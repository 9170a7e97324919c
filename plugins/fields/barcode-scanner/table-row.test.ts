import { describe, expect, it } from 'vitest';
import type { FieldGroup } from '../../../schemas/module-definition';
import { nextRowWrites } from './table-row';

const field = (name: string) => ({ name, label: name, fieldType: 'text' });
const groups: FieldGroup[] = [
  { id: 'head', label: 'Delivery', rows: [{ fields: [field('scan'), field('supplier')] }] },
  {
    id: 'items',
    label: 'Items',
    isTable: true,
    rows: [1, 2].map((i) => ({ fields: [field(`sku_${i}`), field(`qty_${i}`)] })),
  },
];

describe('continuous scanning into a table section', () => {
  it('fills the next row whose mapped cells are empty, by column, and writes other fields as they are', () => {
    expect(nextRowWrites(groups, 'items', {}, { sku_1: 'A', qty_1: '2', supplier: 'ACME' }, 'A;2')).toEqual({
      writes: { supplier: 'ACME', sku_1: 'A', qty_1: '2' },
    });
    expect(nextRowWrites(groups, 'Items', { sku_1: 'A', qty_1: '2' }, { sku_1: 'B', qty_1: '5' }, 'B;5')).toEqual({
      writes: { sku_2: 'B', qty_2: '5' },
    });
  });

  it('puts the whole code into the first column without a mapping into the table', () => {
    expect(nextRowWrites(groups, 'items', { sku_1: 'X' }, {}, 'Y')).toEqual({ writes: { sku_2: 'Y' } });
  });

  it('says when the table is full or not there', () => {
    expect(nextRowWrites(groups, 'items', { sku_1: 'X', sku_2: 'Y' }, {}, 'Z')).toEqual({
      writes: {},
      problem: 'full',
    });
    expect(nextRowWrites(groups, 'head', {}, {}, 'Z').problem).toBe('noTable');
  });
});
