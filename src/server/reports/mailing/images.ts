import type { ResultColumn, RunResult } from '../schemas.js';

/**
 * The two report pictures ECharts does not draw, as plain SVG: the key figures (a KPI report, or a report without
 * groups) and the table (a table report, or one without a chart). Both are what the report viewer shows.
 */

const FONT = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';
const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
const numberText = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export const cellText = (v: unknown) =>
  v === null || v === undefined || v === ''
    ? '—'
    : typeof v === 'number'
      ? numberText.format(v)
      : String(v).replace(/[\r\n]+/g, ' ');
const num = (v: unknown) => (typeof v === 'number' ? v : v === null || v === undefined || v === '' ? NaN : Number(v));
/** An SVG text shortened to about `chars` characters (no layout engine here: an average glyph width is assumed). */
const fit = (s: string, chars: number) => (s.length > chars ? `${s.slice(0, Math.max(1, chars - 1))}…` : s);

/** The change of the last group row against the one before it (the dashboard KPI's trend); null without two rows. */
export function trendOf(result: Pick<RunResult, 'rows'>, key: string): number | null {
  const [before, last] = result.rows.slice(-2).map((r) => num(r[key]));
  if (last === undefined || before === undefined || !Number.isFinite(last) || !Number.isFinite(before) || !before)
    return null;
  return (last - before) / Math.abs(before);
}

/** Every measure's grand total as a big number, with its trend under it. */
export function kpiSvg(result: Omit<RunResult, 'chart'>, title: string): string {
  const measures = result.columns.filter((c) => c.role === 'measure');
  const perRow = Math.min(4, Math.max(1, measures.length));
  const cardW = 220;
  const cardH = 130;
  const width = Math.max(480, perRow * (cardW + 16) + 16);
  const height = 56 + Math.ceil(measures.length / perRow) * (cardH + 16);
  const cards = measures.map((c, n) => {
    const x = 16 + (n % perRow) * (cardW + 16);
    const y = 56 + Math.floor(n / perRow) * (cardH + 16);
    const change = trendOf(result, c.key);
    const trend =
      change === null
        ? ''
        : `<text x="${x + 16}" y="${y + 112}" font-size="14" fill="${change >= 0 ? '#238551' : '#CD4246'}">${
            change >= 0 ? '▲' : '▼'
          } ${numberText.format(Math.abs(Math.round(change * 1000) / 10))} %</text>`;
    return `<rect x="${x}" y="${y}" width="${cardW}" height="${cardH}" rx="6" fill="#F6F7F9" stroke="#D3D8DE"/>
<text x="${x + 16}" y="${y + 28}" font-size="14" fill="#5F6B7C">${escapeXml(fit(c.label, 26))}</text>
<text x="${x + 16}" y="${y + 78}" font-size="36" font-weight="bold" fill="#1C2127">${escapeXml(
      fit(cellText(result.total[c.key]), 11),
    )}</text>${trend}`;
  });
  return svg(width, height, title, cards.join('\n'));
}

const ROWS = 25;

/** The first rows of the table with the grand total under them; a note says how many rows the file holds. */
export function tableSvg(result: Omit<RunResult, 'chart'>, title: string): string {
  const cols: ResultColumn[] = result.columns.slice(0, 12);
  const rows = result.rows.slice(0, ROWS);
  const hasTotal = Object.keys(result.total).length > 0 && cols.some((c) => c.role === 'measure');
  const charsOf = (c: ResultColumn) =>
    Math.min(32, Math.max(6, c.label.length, ...rows.map((r) => cellText(r[c.key]).length)));
  const widths = cols.map((c) => 16 + charsOf(c) * 8);
  const width = Math.max(480, 32 + widths.reduce((a, b) => a + b, 0));
  const lineH = 26;
  const top = 56;
  const more = result.rows.length - rows.length + (result.truncated ? 1 : 0);
  const bodyRows = rows.length + (hasTotal ? 1 : 0);
  const height = top + lineH * (bodyRows + 1) + (more > 0 ? 36 : 16);
  const xs = widths.map((_, i) => 16 + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const right = (c: ResultColumn) => c.kind === 'number' || c.role === 'measure' || c.role === 'pivot';
  const line = (y: number, cells: string[], attrs: string) =>
    cells
      .map((t, i) => {
        const c = cols[i]!;
        const x = right(c) ? xs[i]! + widths[i]! - 8 : xs[i]! + 8;
        return `<text x="${x}" y="${y + 17}" font-size="13" ${attrs}${right(c) ? ' text-anchor="end"' : ''}>${escapeXml(
          fit(t, charsOf(c)),
        )}</text>`;
      })
      .join('');
  const parts = [
    `<rect x="16" y="${top}" width="${width - 32}" height="${lineH}" fill="#EDEFF2"/>`,
    line(
      top,
      cols.map((c) => c.label),
      'font-weight="bold" fill="#1C2127"',
    ),
  ];
  rows.forEach((r, n) => {
    const y = top + lineH * (n + 1);
    if (n % 2) parts.push(`<rect x="16" y="${y}" width="${width - 32}" height="${lineH}" fill="#F6F7F9"/>`);
    parts.push(
      line(
        y,
        cols.map((c) => cellText(r[c.key])),
        'fill="#1C2127"',
      ),
    );
  });
  if (hasTotal) {
    const y = top + lineH * (rows.length + 1);
    parts.push(`<line x1="16" x2="${width - 16}" y1="${y}" y2="${y}" stroke="#8F99A8"/>`);
    parts.push(
      line(
        y,
        cols.map((c, i) =>
          c.role !== 'group' && c.key in result.total ? cellText(result.total[c.key]) : i === 0 ? 'Total' : '',
        ),
        'font-weight="bold" fill="#1C2127"',
      ),
    );
  }
  if (more > 0)
    parts.push(
      `<text x="16" y="${height - 12}" font-size="12" fill="#5F6B7C">${escapeXml(
        `The attached file holds every row (${result.truncated ? 'more than ' : ''}${result.rows.length}).`,
      )}</text>`,
    );
  return svg(width, height, title, parts.join('\n'));
}

function svg(width: number, height: number, title: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}">
<rect width="100%" height="100%" fill="#FFFFFF"/>
<text x="${width / 2}" y="32" font-size="18" font-weight="bold" fill="#1C2127" text-anchor="middle">${escapeXml(
    fit(title, Math.floor(width / 10)),
  )}</text>
${body}
</svg>`;
}
