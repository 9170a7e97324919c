import { FormGroup, HTMLSelect, NonIdealState, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { AppSelect } from '../automation/AppSelect';
import { reportColumns, reportKeys, type ChartKind, type ReportParameter, type ReportSpec } from './api';
import { BuilderFilters } from './BuilderFilters';
import { BuilderGroups } from './BuilderGroups';
import { BuilderMeasures } from './BuilderMeasures';
import { emptySpec } from './spec';

export const CHARTS: ChartKind[] = ['table', 'bar', 'line', 'area', 'pie', 'kpi'];

/** The columns of the report's app the viewer may use (shared by builder, result and viewer). */
export function useReportColumns(moduleId: string) {
  return useQuery({
    queryKey: reportKeys.columns(moduleId),
    queryFn: () => reportColumns(moduleId),
    enabled: !!moduleId,
  });
}

/**
 * What a report asks, the quick report's and the designer's alike: the app, filters, groups (and in the designer a
 * pivot), measures, order and chart. A controlled editor of the spec.
 */
export function ReportBuilder(p: {
  spec: ReportSpec;
  onChange(spec: ReportSpec): void;
  parameters?: ReportParameter[];
  withPivot?: boolean;
}) {
  const { t } = useTranslation();
  const { spec, onChange } = p;
  const cols = useReportColumns(spec.moduleId);
  const set = (patch: Partial<ReportSpec>) => onChange({ ...spec, ...patch });
  const columns = cols.data?.columns ?? [];
  return (
    <section className="report-builder" aria-label={t('REPORTS.BUILDER')}>
      <div className="report-builder-top">
        <FormGroup label={t('REPORTS.APP')} labelFor="report-app">
          <AppSelect
            id="report-app"
            label={t('REPORTS.APP')}
            value={spec.moduleId}
            onChange={(id) => onChange(emptySpec(id))}
          />
        </FormGroup>
        <FormGroup label={t('REPORTS.CHART')} labelFor="report-chart">
          <HTMLSelect
            id="report-chart"
            value={spec.chart ?? 'table'}
            onChange={(e) => set({ chart: e.target.value as ChartKind })}
            options={CHARTS.map((c) => ({ value: c, label: t(`REPORTS.CHART_KIND.${c}`) }))}
          />
        </FormGroup>
      </div>
      {!spec.moduleId ? (
        <NonIdealState icon="th-filtered" title={t('REPORTS.PICK_APP')} />
      ) : cols.isLoading ? (
        <Spinner size={20} />
      ) : cols.error ? (
        <NonIdealState icon="error" title={errorMessage(cols.error)} />
      ) : (
        <div className="report-parts">
          <BuilderFilters
            columns={columns}
            filters={spec.filters ?? []}
            parameters={p.parameters}
            onChange={(filters) => set({ filters })}
          />
          <BuilderGroups
            columns={columns}
            groups={spec.groupBy ?? []}
            onChange={(groupBy) => set({ groupBy, ...(groupBy.length ? {} : { pivot: undefined }) })}
            pivot={p.withPivot ? { value: spec.pivot, onChange: (pivot) => set({ pivot }) } : undefined}
          />
          <BuilderMeasures
            columns={columns}
            measures={spec.measures ?? []}
            groups={spec.groupBy ?? []}
            sort={spec.sort ?? []}
            onChange={(measures) => set({ measures })}
            onSort={(sort) => set({ sort })}
          />
        </div>
      )}
    </section>
  );
}
