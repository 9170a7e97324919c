import { Fragment } from 'react';
import { HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../shell/dates';
import type { ReportColumn, ReportSpec, ResultColumn, ResultRow, RunResult } from './api';
import { resultLabel, valueText } from './labels';
import { isFigure, tableLines, type Line } from './spec';

export interface DrillTarget {
  group: ResultRow;
  /** What the drawer's title says the records are behind. */
  title: string;
}

/** Numbers as the user's language writes them (at most two decimals). */
export function useNumber() {
  const { i18n } = useTranslation();
  const f = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  return (v: unknown) => (typeof v === 'number' ? f.format(v) : v === null || v === undefined ? '' : String(v));
}

/**
 * The result as a table: group rows, subtotals after the rows under them (indented by level, bold), the grand
 * total last. Every figure is a button that drills into the records behind it; a pivot's values are columns.
 */
export function ResultTable(p: {
  result: RunResult;
  spec: ReportSpec;
  columns: ReportColumn[];
  onDrill(target: DrillTarget): void;
}) {
  const { t } = useTranslation();
  const fmt = useFormatDate();
  const num = useNumber();
  const { result } = p;
  const groups = result.columns.filter((c) => c.role === 'group');
  const heading = (c: ResultColumn) => resultLabel(t, c, p.spec, p.columns);
  const flat = !result.columns.some(isFigure);
  const cell = (c: ResultColumn, v: ResultRow[string] | undefined) => {
    if (c.kind === 'date' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v)) return fmt(v, v.length > 10);
    if (c.kind === 'number') return num(v);
    return c.role === 'group' ? valueText(t, v) : (v ?? '');
  };
  const drillGroup = (line: Line, c: ResultColumn): ResultRow =>
    c.role === 'pivot' && c.pivotKey ? { ...line.group, [c.pivotKey]: c.pivotValue ?? null } : line.group;
  const lineTitle = (line: Line) =>
    line.kind === 'total'
      ? t('REPORTS.GRAND_TOTAL')
      : groups
          .slice(0, line.level)
          .map((g) => valueText(t, line.values[g.key]))
          .join(' / ');
  const figure = (line: Line, c: ResultColumn) => {
    const v = line.values[c.key];
    if (v === null || v === undefined) return '';
    const title = `${lineTitle(line)} — ${heading(c)}`;
    return (
      <button
        type="button"
        className="report-figure"
        data-key={c.key}
        data-value={String(v)}
        aria-label={t('REPORTS.DRILL', { figure: num(v), what: title })}
        onClick={() => p.onDrill({ group: drillGroup(line, c), title })}
      >
        {num(v)}
      </button>
    );
  };
  const lines = flat
    ? result.rows.map((r) => ({ kind: 'row', level: 0, values: r, group: {} }) as Line)
    : tableLines(result);
  return (
    <HTMLTable compact striped className="report-table" aria-label={result.title || t('REPORTS.RESULT')}>
      <thead>
        <tr>
          {result.columns.map((c) => (
            <th key={c.key} className={c.kind === 'number' || isFigure(c) ? 'report-num' : undefined} data-tenant-text>
              {heading(c)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {lines.map((line, i) => (
          <tr
            key={i}
            className={`report-line report-line-${line.kind} report-level-${line.level}`}
            data-kind={line.kind}
            data-level={line.level}
          >
            {result.columns.map((c, j) => (
              <Fragment key={c.key}>
                {isFigure(c) ? (
                  <td className="report-num">{figure(line, c)}</td>
                ) : (
                  <td
                    data-tenant-text
                    className={c.kind === 'number' ? 'report-num' : undefined}
                    style={j === 0 && line.kind === 'subtotal' ? { paddingLeft: 8 + line.level * 16 } : undefined}
                  >
                    {line.kind === 'total'
                      ? j === 0
                        ? t('REPORTS.GRAND_TOTAL')
                        : ''
                      : line.kind === 'subtotal'
                        ? groups.findIndex((g) => g.key === c.key) === line.level - 1
                          ? t('REPORTS.SUBTOTAL', { what: cell(c, line.values[c.key]) })
                          : groups.findIndex((g) => g.key === c.key) < line.level - 1
                            ? cell(c, line.values[c.key])
                            : ''
                        : cell(c, line.values[c.key])}
                  </td>
                )}
              </Fragment>
            ))}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
