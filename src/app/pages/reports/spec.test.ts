import { describe, expect, it } from 'vitest';
import { cleanSpec, measureKey, tableLines } from './spec';
import type { RunResult } from './api';

const result = (rows: RunResult['rows'], subtotals: RunResult['subtotals'] = []): RunResult => ({
  columns: [
    { key: 'region', label: 'Region', role: 'group', kind: 'text' },
    { key: 'kind', label: 'Kind', role: 'group', kind: 'text' },
    { key: 'count', label: 'Count', role: 'measure', kind: 'number' },
  ],
  rows,
  subtotals,
  total: { count: 6 },
  truncated: false,
  chart: 'table',
});

describe('report lines', () => {
  it('puts each subtotal after the rows under it and the total last', () => {
    const lines = tableLines(
      result(
        [
          { region: 'N', kind: 'a', count: 1 },
          { region: 'N', kind: 'b', count: 2 },
          { region: 'S', kind: 'a', count: 3 },
        ],
        [
          { level: 1, values: { region: 'N', count: 3 } },
          { level: 1, values: { region: 'S', count: 3 } },
          { level: 2, values: { region: 'S', kind: 'a', count: 3 } },
        ],
      ),
    );
    expect(lines.map((l) => `${l.kind}${l.level}:${String(l.values.count)}`)).toEqual([
      'row2:1',
      'row2:2',
      'subtotal1:3',
      'row2:3',
      'subtotal1:3',
      'total0:6',
    ]);
    expect(lines[2]!.group).toEqual({ region: 'N' });
    expect(lines[3]!.group).toEqual({ region: 'S', kind: 'a' });
    expect(lines[5]!.group).toEqual({});
  });

  it('names measures and drops unfinished parts of a spec', () => {
    expect(measureKey({ aggregate: 'count' })).toBe('count');
    expect(measureKey({ aggregate: 'sum', column: 'amount' })).toBe('sum_amount');
    expect(
      cleanSpec({
        moduleId: 'm',
        filters: [{ field: '', operator: 'eq' }],
        groupBy: [{ column: 'region' }],
        measures: [{ aggregate: 'sum' }, { aggregate: 'count' }],
        pivot: { column: '' },
      }),
    ).toEqual({ moduleId: 'm', groupBy: [{ column: 'region' }], measures: [{ aggregate: 'count' }], chart: 'none' });
  });
});

describe('export file names', () => {
  it('reads the name the server gives, the encoded one first', async () => {
    const { fileNameOf } = await import('./api');
    expect(fileNameOf(`attachment; filename="a_b.xlsx"; filename*=UTF-8''Caf%C3%A9%20sales.xlsx`, 'x')).toBe(
      'Café sales.xlsx',
    );
    expect(fileNameOf('attachment; filename="report.csv"', 'x')).toBe('report.csv');
    expect(fileNameOf(undefined, 'report.xlsx')).toBe('report.xlsx');
  });
});
