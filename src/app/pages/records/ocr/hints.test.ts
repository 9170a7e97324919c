import { describe, expect, it } from 'vitest';
import type { OcrMappedField, OcrPage } from '../../../../../schemas/api/ocr';
import { corrections } from './hints';

const word = (text: string, x: number, line: number) => ({
  text,
  confidence: 90,
  line,
  box: { x, y: line * 50, width: text.length * 10, height: 20 },
});
const page: OcrPage = {
  page: 1,
  width: 1000,
  height: 1000,
  text: '',
  words: [
    word('Customer', 0, 1),
    word('Northwind', 200, 1),
    word('Traders', 300, 1),
    word('Total', 0, 2),
    word('12.00', 200, 2),
  ],
};
const applied: OcrMappedField[] = [
  { field: 'total', value: '12.00', confidence: 90, page: 1, box: null, snippet: '12.00', source: 'label' },
];

describe('corrections after a save', () => {
  it('sends where a changed or typed value stands on the page, and nothing for kept or absent values', () => {
    const saved = { total: '12.00', customer: 'Northwind Traders', note: 'not on the page' };
    expect(corrections([page], applied, saved, ['total', 'customer', 'note'])).toEqual([
      { field: 'customer', value: 'Northwind Traders', page: 1, box: { x: 200, y: 50, width: 170, height: 20 } },
    ]);
  });
});
