import * as echarts from 'echarts';
import { Resvg } from '@resvg/resvg-js';
import type { ChartKind, RunResult } from '../schemas.js';
import { cellText, kpiSvg, tableSvg } from './images.js';

const WIDTH = 800;
const HEIGHT = 400;

const num = (v: unknown) => (typeof v === 'number' ? v : v === null || v === undefined ? null : Number(v));

/** What the report viewer draws for a result: the same choice as the page's chart component. */
export function pictureOf(result: Omit<RunResult, 'chart'>, kind: ChartKind): 'echarts' | 'kpi' | 'table' {
  const groups = result.columns.some((c) => c.role === 'group');
  const figures = result.columns.some((c) => c.role === 'measure' || c.role === 'pivot');
  if (kind === 'none' || kind === 'table' || !figures) return 'table';
  if (kind === 'kpi' || !groups) return 'kpi';
  return 'echarts';
}

/** Bars, lines, areas or a pie: the option the page draws (one category per group row, one series per figure). */
function echartsSvg(result: Omit<RunResult, 'chart'>, kind: ChartKind, title: string): string {
  const groups = result.columns.filter((c) => c.role === 'group');
  const figures = result.columns.filter((c) => c.role === 'measure' || c.role === 'pivot');
  const categories = result.rows.map((r) => groups.map((g) => cellText(r[g.key])).join(' / '));
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
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/** The picture of a result as SVG: an ECharts chart, the key figures with their trend, or the table. */
export function reportSvg(result: Omit<RunResult, 'chart'>, kind: ChartKind, title: string): string {
  const picture = pictureOf(result, kind);
  if (picture === 'kpi') return kpiSvg(result, title);
  if (picture === 'table') return tableSvg(result, title);
  return echartsSvg(result, kind, title);
}

/**
 * The report as a PNG for a mail, whatever its chart kind, so the mail carries what the viewer shows: the SVG
 * rasterised by resvg (system fonts; a sans-serif fallback).
 */
export function reportPng(result: Omit<RunResult, 'chart'>, kind: ChartKind, title: string): Buffer {
  return Buffer.from(
    new Resvg(reportSvg(result, kind, title), {
      background: 'white',
      font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
    })
      .render()
      .asPng(),
  );
}
