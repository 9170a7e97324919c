import { describe, expect, it } from 'vitest';
import type { ChartKind, RunResult } from '../schemas.js';
import { pictureOf, reportPng, reportSvg } from './chart.js';
import { trendOf } from './images.js';

const grouped: Omit<RunResult, 'chart'> = {
  title: 'Claims',
  columns: [
    { key: 'g0', label: 'Quarter', role: 'group', kind: 'text' },
    { key: 'count', label: 'Count', role: 'measure', kind: 'number' },
    { key: 'sum_amount', label: 'Sum of Amount', role: 'measure', kind: 'number' },
  ],
  rows: [
    { g0: '2026 Q1', count: 4, sum_amount: 1000 },
    { g0: '2026 Q2', count: 5, sum_amount: 1250.5 },
  ],
  subtotals: [],
  total: { count: 9, sum_amount: 2250.5 },
  truncated: false,
};

/** Width and height from a PNG's IHDR chunk. */
const size = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

describe('report pictures for mails', () => {
  it('chooses what the viewer draws for every chart kind', () => {
    const kinds: ChartKind[] = ['bar', 'line', 'area', 'pie', 'kpi', 'table', 'none'];
    expect(kinds.map((k) => pictureOf(grouped, k))).toEqual([
      'echarts',
      'echarts',
      'echarts',
      'echarts',
      'kpi',
      'table',
      'table',
    ]);
    // Without groups the viewer shows the key figures; without figures (a flat list) the table.
    expect(pictureOf({ ...grouped, columns: grouped.columns.slice(1) }, 'bar')).toBe('kpi');
    expect(pictureOf({ ...grouped, columns: grouped.columns.slice(0, 1) }, 'bar')).toBe('table');
  });

  it('draws the key figures with their trend against the group before', () => {
    expect(trendOf(grouped, 'count')).toBeCloseTo(0.25, 6);
    expect(trendOf({ rows: [{ count: 0 }, { count: 3 }] }, 'count')).toBeNull();
    const svg = reportSvg(grouped, 'kpi', 'Claims <&>');
    expect(svg).toContain('>9<');
    expect(svg).toContain('>2,250.5<');
    expect(svg).toContain('▲ 25 %');
    expect(svg).toContain('Claims &lt;&amp;&gt;');
    const down = reportSvg({ ...grouped, rows: [...grouped.rows].reverse() }, 'kpi', 'Claims');
    expect(down).toContain('▼ 20 %');
  });

  it('draws the table with its rows and the grand total, escaped', () => {
    const svg = reportSvg(
      { ...grouped, rows: [...grouped.rows, { g0: '<script>', count: 0, sum_amount: null }] },
      'table',
      'Claims',
    );
    for (const text of ['Quarter', 'Sum of Amount', '2026 Q1', '1,250.5', 'Total', '2,250.5', '&lt;script&gt;'])
      expect(svg).toContain(text);
    expect(svg).not.toContain('<script>');
  });

  it('rasterises every kind to a PNG', () => {
    for (const kind of ['bar', 'pie', 'kpi', 'table'] as ChartKind[]) {
      const png = reportPng(grouped, kind, 'Claims');
      expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      const [w, h] = size(png);
      expect(w, kind).toBeGreaterThanOrEqual(400);
      expect(h, kind).toBeGreaterThan(100);
    }
    expect(size(reportPng(grouped, 'bar', 'Claims'))).toEqual([800, 400]);
  });
});
