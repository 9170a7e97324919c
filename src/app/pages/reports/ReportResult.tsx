import { useState } from 'react';
import { Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { reportKeys, runReport, type ReportColumn, type ReportSpec, type RunBody } from './api';
import { DrillDrawer } from './DrillDrawer';
import { ResultChart } from './ResultChart';
import { ResultTable, type DrillTarget } from './ResultTable';

/**
 * A report run and shown: its chart, its table with subtotals and the grand total, and the drawer of records behind
 * a figure. `spec` and `columns` name the figures; `body` is what runs (a spec, or a saved report and its answers).
 */
export function ReportResult(p: { body: RunBody; spec: ReportSpec; columns: ReportColumn[]; runs?: number }) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<DrillTarget | null>(null);
  const run = useQuery({
    // `runs` counts the Run button's presses: pressing it again runs again, even with the same spec.
    queryKey: [...reportKeys.run(p.body), p.runs ?? 0],
    queryFn: () => runReport(p.body),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  if (run.isLoading) return <Spinner />;
  if (run.error) return <NonIdealState icon="error" title={errorMessage(run.error)} />;
  const result = run.data;
  if (!result) return null;
  return (
    <section className="report-result" aria-busy={run.isFetching} data-testid="report-result">
      {result.truncated && (
        <Callout intent="warning" icon="warning-sign">
          {t('REPORTS.TRUNCATED')}
        </Callout>
      )}
      <ResultChart result={result} spec={p.spec} columns={p.columns} kind={p.spec.chart ?? result.chart} />
      {result.rows.length === 0 && !Object.keys(result.total).length ? (
        <NonIdealState icon="th-disconnect" title={t('REPORTS.NO_ROWS')} />
      ) : (
        <div className="report-table-box">
          <ResultTable result={result} spec={p.spec} columns={p.columns} onDrill={setTarget} />
        </div>
      )}
      <DrillDrawer body={p.body} spec={p.spec} columns={p.columns} target={target} onClose={() => setTarget(null)} />
    </section>
  );
}
