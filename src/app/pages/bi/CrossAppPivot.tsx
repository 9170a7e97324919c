import { useState } from 'react';
import { Button, Card, FormGroup, H5, HTMLSelect, NonIdealState } from '@blueprintjs/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, call } from '../../api/client';
import { pageTexts } from '../../i18n/page-texts';
import { runReport, type ReportColumn, type ReportSpec } from '../reports/api';
import { ResultTable, type DrillTarget } from '../reports/ResultTable';
import { DrillDrawer } from '../reports/DrillDrawer';
import { WidgetError } from '../dashboards/parts';
// The figures' look (plain links, numbers to the right) and the table's own scrolling.
import '../reports/reports.css';

interface JoinView {
  field: string;
  label: string;
  moduleId: string;
  moduleName: string;
  columns: ReportColumn[];
}
interface Columns {
  moduleName: string;
  columns: ReportColumn[];
  joins?: JoinView[];
}

const columnsOf = (moduleId: string) => call<Columns>(api.get(`/form/report/columns/${encodeURIComponent(moduleId)}`));

/**
 * Business intelligence across apps: the chosen app joined to another through one of its lookup fields, fields of
 * both as rows, columns and the measure, computed by the server; a figure drills to the chosen app's records.
 */
export function CrossAppPivot(p: { moduleId: string }) {
  const { t } = useTranslation();
  const cols = useQuery({ queryKey: ['bi', 'columns', p.moduleId], queryFn: () => columnsOf(p.moduleId) });
  // The result table and drill drawer speak in the reports' texts, which the BI page's route does not load.
  const texts = useQuery({
    queryKey: ['page-texts', 'reports'],
    queryFn: () => pageTexts(['reports']).then(() => true),
    staleTime: Infinity,
  });
  const [field, setField] = useState('');
  const [rows, setRows] = useState('');
  const [pivot, setPivot] = useState('');
  const [measure, setMeasure] = useState('count');
  const [drill, setDrill] = useState<DrillTarget | null>(null);
  const joins = cols.data?.joins ?? [];
  const join = joins.find((j) => j.field === field) ?? joins[0];
  const all = [...(cols.data?.columns ?? []), ...(join?.columns ?? [])];
  const numbers = all.filter((c) => c.kind === 'number');
  const spec: ReportSpec | undefined =
    join && rows
      ? {
          moduleId: p.moduleId,
          join: { field: join.field },
          groupBy: [{ column: rows }],
          ...(pivot ? { pivot: { column: pivot } } : {}),
          measures: [measure === 'count' ? { aggregate: 'count' } : { aggregate: 'sum', column: measure }],
        }
      : undefined;
  const result = useMutation({ mutationFn: (s: ReportSpec) => runReport({ spec: s }) });
  if (cols.error) return <WidgetError error={cols.error} />;
  const options = (list: ReportColumn[]) =>
    list.map((c) => (
      <option key={c.key} value={c.key} data-tenant-text>
        {c.label}
      </option>
    ));
  return (
    <Card className="bi-wide" data-testid="bi-pivot">
      <H5>{t('DASHBOARDS.BI_PIVOT_TITLE')}</H5>
      {cols.data && !joins.length ? (
        <NonIdealState icon="data-lineage" description={t('DASHBOARDS.BI_NO_JOINS')} />
      ) : (
        <>
          <p className="bp6-text-muted">{t('DASHBOARDS.BI_PIVOT_ABOUT')}</p>
          <div className="dash-filters" role="group" aria-label={t('DASHBOARDS.BI_PIVOT_TITLE')}>
            <FormGroup inline label={t('DASHBOARDS.BI_JOIN')} labelFor="bi-join">
              <HTMLSelect id="bi-join" value={join?.field ?? ''} onChange={(e) => setField(e.currentTarget.value)}>
                {joins.map((j) => (
                  <option key={j.field} value={j.field} data-tenant-text>
                    {`${j.label} → ${j.moduleName}`}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
            <FormGroup inline label={t('DASHBOARDS.BI_ROWS')} labelFor="bi-rows">
              <HTMLSelect id="bi-rows" value={rows} onChange={(e) => setRows(e.currentTarget.value)}>
                <option value="">{t('DASHBOARDS.BI_CHOOSE')}</option>
                {options(all)}
              </HTMLSelect>
            </FormGroup>
            <FormGroup inline label={t('DASHBOARDS.BI_COLUMNS')} labelFor="bi-cols">
              <HTMLSelect id="bi-cols" value={pivot} onChange={(e) => setPivot(e.currentTarget.value)}>
                <option value="">{t('DASHBOARDS.BI_NONE')}</option>
                {options(all.filter((c) => c.key !== rows))}
              </HTMLSelect>
            </FormGroup>
            <FormGroup inline label={t('DASHBOARDS.BI_MEASURE')} labelFor="bi-measure">
              <HTMLSelect id="bi-measure" value={measure} onChange={(e) => setMeasure(e.currentTarget.value)}>
                <option value="count">{t('DASHBOARDS.BI_COUNT')}</option>
                {numbers.map((c) => (
                  <option key={c.key} value={c.key} data-tenant-text>
                    {t('DASHBOARDS.BI_SUM_OF', { column: c.label })}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
            <Button
              intent="primary"
              icon="play"
              text={t('DASHBOARDS.BI_RUN')}
              disabled={!spec}
              loading={result.isPending}
              onClick={() => spec && result.mutate(spec)}
            />
          </div>
          {result.error && <WidgetError error={result.error} />}
          {result.data && result.variables && texts.data && (
            <>
              <div className="report-table-box">
                <ResultTable result={result.data} spec={result.variables} columns={all} onDrill={setDrill} />
              </div>
              <DrillDrawer
                body={{ spec: result.variables }}
                spec={result.variables}
                columns={cols.data?.columns ?? []}
                target={drill}
                onClose={() => setDrill(null)}
              />
            </>
          )}
        </>
      )}
    </Card>
  );
}
