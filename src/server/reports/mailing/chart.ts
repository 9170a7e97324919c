import * as echarts from 'echarts';
import { Resvg } from '@resvg/resvg-js';
import type { ChartKind, RunResult } from '../schemas.js';

const WIDTH = 800;
const HEIGHT = 400;

const text = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));
const num = (v: unknown) => (typeof v === 'number' ? v : v === null || v === undefined ? null : Number(v));

/**
 * The report's chart as a PNG for a mail: the same option the page draws (one category per group row, one series per
 * figure; a pie shows the first), rendered by ECharts on the server as SVG and rasterised by resvg.
 * Undefined when the report has no chart to draw (none, table, KPI, or no groups).
 */
export function chartPng(result: Omit<RunResult, 'chart'>, kind: ChartKind, title: string): Buffer | undefined {
  const groups = result.columns.filter((c) => c.role === 'group');
  const figures = result.columns.filter((c) => c.role === 'measure' || c.role === 'pivot');
  if (!['bar', 'line', 'area', 'pie'].includes(kind) || !groups.length || !figures.length) return undefined;
  const categories = result.rows.map((r) => groups.map((g) => text(r[g.key])).join(' / '));
  const option =
    kind === 'pie'
      ? {
          animation: false,
          title: { text: title, left: 'center' },
          series: [
            {
              type: 'pie',
              radius: ['35%', '65%'],
              data: result.rows.map((r, i) => ({ name: categories[i], value: num(r[figures[0]!.key]) })),
            },
          ],
        }
      : {
          animation: false,
          title: { text: title, left: 'center' },
          legend: { bottom: 0 },
          grid: { left: 64, right: 64, top: 48, bottom: 56 },
          xAxis: { type: 'category', data: categories },
          yAxis:
            figures.length > 1 ? [{ type: 'value' }, { type: 'value', splitLine: { show: false } }] : { type: 'value' },
          series: figures.map((f, i) => ({
            name: f.label,
            type: kind === 'bar' ? 'bar' : 'line',
            ...(figures.length > 1 ? { yAxisIndex: i === 0 ? 0 : 1 } : {}),
            ...(kind === 'area' ? { areaStyle: {} } : {}),
            data: result.rows.map((r) => num(r[f.key])),
          })),
        };
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: WIDTH, height: HEIGHT });
  try {
    chart.setOption(option as echarts.EChartsOption);
    const svg = chart.renderToSVGString();
    return Buffer.from(
      new Resvg(svg, { background: 'white', font: { loadSystemFonts: true, defaultFontFamily: 'sans-serif' } })
        .render()
        .asPng(),
    );
  } finally {
    chart.dispose();
  }
}
