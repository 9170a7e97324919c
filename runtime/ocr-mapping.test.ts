import { describe, expect, it } from 'vitest';
import type { OcrPage, OcrWord } from '../schemas/api/ocr.js';
import { labelNear, mapFields, normaliseDate, normaliseNumber, STRONG_HINT_USES } from './ocr-mapping.js';

/** A page at `scale` (1 = 1000 × 1400 px): lines of [text, x] at y, words 10 px per character, 20 px high. */
function page(lines: { y: number; words: [string, number][]; conf?: number }[], scale = 1, no = 1): OcrPage {
  const words: OcrWord[] = lines.flatMap((l, line) =>
    l.words.map(([text, x]) => ({
      text,
      confidence: l.conf ?? 90,
      line,
      box: { x: x * scale, y: l.y * scale, width: text.length * 10 * scale, height: 20 * scale },
    })),
  );
  return {
    page: no,
    width: 1000 * scale,
    height: 1400 * scale,
    text: lines.map((l) => l.words.map((w) => w[0]).join(' ')).join('\n'),
    words,
  };
}

const invoice = page([
  {
    y: 100,
    words: [
      ['ACME', 50],
      ['Ltd', 100],
    ],
  },
  {
    y: 200,
    words: [
      ['lnvoice', 50],
      ['N0:', 130],
      ['INV-2024-0042', 300],
    ],
  },
  {
    y: 240,
    words: [
      ['Date:', 50],
      ['12.03.2024', 300],
      ['Due:', 600],
      ['30', 650],
      ['days', 680],
    ],
  },
  {
    y: 300,
    words: [
      ['Customer', 50],
      ['name', 140],
    ],
  },
  {
    y: 330,
    words: [
      ['Jane', 50],
      ['Doe', 100],
    ],
    conf: 70,
  },
  {
    y: 600,
    words: [
      ['Tota1', 50],
      ['amount', 110],
      ['€', 400],
      ['1.234,50', 415],
    ],
  },
]);

describe('mapFields: label rules', () => {
  it('reads the value right of a label despite OCR noise, up to the gap before the next label', () => {
    const [f] = mapFields([invoice], [{ field: 'number', kind: 'label', label: 'Invoice No', direction: 'right' }], []);
    expect(f).toMatchObject({ field: 'number', value: 'INV-2024-0042', page: 1, source: 'label' });
    expect(f!.box).toEqual({ x: 300, y: 200, width: 130, height: 20 });
    // Two edits out of nine letters lower the confidence below the words' own 90.
    expect(f!.confidence).toBeLessThan(90);
    expect(f!.confidence).toBeGreaterThan(60);
    const [d] = mapFields([invoice], [{ field: 'date', kind: 'label', label: 'date', direction: 'right' }], []);
    expect(d!.value).toBe('12.03.2024');
  });

  it('reads the value on the line below, with the lowest word confidence', () => {
    const [f] = mapFields(
      [invoice],
      [{ field: 'customer', kind: 'label', label: 'CUSTOMER NAME:', direction: 'below' }],
      [],
    );
    expect(f).toMatchObject({ value: 'Jane Doe', confidence: 70, source: 'label' });
  });

  it('reads a value the engine numbered as a line of its own, level with the label', () => {
    const split = page([
      { y: 100, words: [['Order', 50]] },
      { y: 102, words: [['PO-991', 400]] },
    ]);
    const [f] = mapFields([split], [{ field: 'po', kind: 'label', label: 'Order', direction: 'right' }], []);
    expect(f).toMatchObject({ value: 'PO-991', source: 'label' });
  });

  it('finds nothing for a label that is not on the page', () => {
    expect(
      mapFields([invoice], [{ field: 'x', kind: 'label', label: 'Purchase order', direction: 'right' }], []),
    ).toEqual([]);
  });

  it('types numbers and dates from the field kind', () => {
    const out = mapFields(
      [invoice],
      [
        { field: 'total', kind: 'label', label: 'Total amount', direction: 'right', valueKind: 'number' },
        { field: 'date', kind: 'label', label: 'Date', direction: 'right' },
      ],
      [],
      { date: 'date' },
    );
    expect(out.map((f) => [f.field, f.value])).toEqual([
      ['total', '1234.50'],
      ['date', '2024-03-12'],
    ]);
  });
});

describe('mapFields: pattern and position rules', () => {
  it('takes the first match (or its first group) and the matched words as the box', () => {
    const out = mapFields(
      [invoice],
      [
        { field: 'number', kind: 'pattern', pattern: 'INV-\\d{4}-\\d+' },
        { field: 'year', kind: 'pattern', pattern: 'INV-(\\d{4})' },
      ],
      [],
    );
    expect(out[0]).toMatchObject({
      value: 'INV-2024-0042',
      source: 'pattern',
      box: { x: 300, y: 200, width: 130, height: 20 },
    });
    expect(out[0]!.snippet).toBe('lnvoice N0: INV-2024-0042');
    expect(out[1]!.value).toBe('2024');
  });

  it('ignores an unsafe pattern rather than running it', () => {
    expect(mapFields([invoice], [{ field: 'n', kind: 'pattern', pattern: '(a)\\1' }], [])).toEqual([]);
  });

  it('matches a fractional box at any resolution of the scan', () => {
    const rule = {
      field: 'total',
      kind: 'position' as const,
      page: 1,
      box: { x: 0.38, y: 0.42, width: 0.2, height: 0.03 },
    };
    for (const scale of [1, 2.5]) {
      const big = page(
        [
          {
            y: 600,
            words: [
              ['Total', 50],
              ['€', 400],
              ['1,234.50', 415],
            ],
          },
        ],
        scale,
      );
      const [f] = mapFields([big], [rule], [], { total: 'number' });
      expect(f).toMatchObject({ value: '1234.50', source: 'position' });
      expect(f!.box!.x).toBeCloseTo(400 * scale);
    }
    expect(mapFields([invoice], [{ ...rule, page: 2 }], [])).toEqual([]);
  });

  it('keeps the first rule that finds a field', () => {
    const out = mapFields(
      [invoice],
      [
        { field: 'n', kind: 'label', label: 'Order number', direction: 'right' },
        { field: 'n', kind: 'pattern', pattern: 'INV-\\S+' },
        { field: 'n', kind: 'label', label: 'Date', direction: 'right' },
      ],
      [],
    );
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ value: 'INV-2024-0042', source: 'pattern' });
  });
});

describe('mapFields: hints', () => {
  const rules = [{ field: 'due', kind: 'pattern' as const, pattern: '\\d{2}\\.\\d{2}\\.\\d{4}' }];

  it('fills a field no rule found', () => {
    const [f] = mapFields([invoice], [], [{ field: 'due', label: 'Due', direction: 'right' }]);
    expect(f).toMatchObject({ field: 'due', value: '30 days', source: 'hint' });
  });

  it('yields to a rule unless several corrections confirmed it', () => {
    const weak = mapFields([invoice], rules, [{ field: 'due', label: 'Due', direction: 'right', uses: 2 }]);
    expect(weak[0]).toMatchObject({ value: '12.03.2024', source: 'pattern' });
    const strong = mapFields([invoice], rules, [
      { field: 'due', label: 'Due', direction: 'right', uses: STRONG_HINT_USES },
    ]);
    expect(strong[0]).toMatchObject({ value: '30 days', source: 'hint' });
  });

  it('turns a corrected box into the label beside or above it', () => {
    expect(labelNear(invoice, { x: 300, y: 200, width: 130, height: 20 })).toEqual({
      label: 'lnvoice N0:',
      direction: 'right',
    });
    expect(labelNear(invoice, { x: 50, y: 330, width: 90, height: 20 })).toEqual({
      label: 'Customer name',
      direction: 'below',
    });
    expect(labelNear(invoice, { x: 50, y: 900, width: 90, height: 20 })).toBeUndefined();
  });
});

describe('value typing', () => {
  it('normalises amounts', () => {
    expect(normaliseNumber('€ 1.234,50')).toBe('1234.50');
    expect(normaliseNumber('$1,234,567.8')).toBe('1234567.8');
    expect(normaliseNumber('1,234')).toBe('1234');
    expect(normaliseNumber('12,5 EUR')).toBe('12.5');
    expect(normaliseNumber('1 234,00')).toBe('1234.00');
    expect(normaliseNumber('(45.00)')).toBe('-45.00');
    expect(normaliseNumber('1O0')).toBe('100');
    expect(normaliseNumber('n/a')).toBe('n/a');
  });

  it('normalises dates to ISO', () => {
    expect(normaliseDate('2024-03-12')).toBe('2024-03-12');
    expect(normaliseDate('12.03.2024')).toBe('2024-03-12');
    expect(normaliseDate('03/25/2024')).toBe('2024-03-25');
    expect(normaliseDate('5/1/24')).toBe('2024-01-05');
    expect(normaliseDate('12 March 2024')).toBe('2024-03-12');
    expect(normaliseDate('March 12th, 2024')).toBe('2024-03-12');
    expect(normaliseDate('3. Mai 2024')).toBe('2024-05-03');
    expect(normaliseDate('2024年3月12日')).toBe('2024-03-12');
    expect(normaliseDate('31.02.2024')).toBe('31.02.2024');
  });
});
