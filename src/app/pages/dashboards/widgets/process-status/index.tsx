import { useMemo } from 'react';
import { FormGroup } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../../components/charts/EChart';
import { processStatus } from '../../api';
import { AppPicker, Loaded, WidgetError } from '../../parts';
import type { WidgetEditorProps, WidgetKind, WidgetViewProps } from '../types';

/** Each status keeps its colour whichever others are empty (brand blue, accent green, danger red, grey). */
const COLOUR: Record<string, string> = {
  Running: '#6993ff',
  Completed: '#17c191',
  Faulted: '#cd4246',
  'Not Started': '#abb3bf',
};
const STATUS_KEY: Record<string, string> = {
  Running: 'DASHBOARDS.STATUS_RUNNING',
  Faulted: 'DASHBOARDS.STATUS_FAULTED',
  Completed: 'DASHBOARDS.STATUS_COMPLETED',
  'Not Started': 'DASHBOARDS.STATUS_NOT_STARTED',
};

function View({ settings, filters }: WidgetViewProps) {
  const { t } = useTranslation();
  // The widget's own app, else the one chosen in the filter bar.
  const moduleId = (settings.moduleId as string) || filters.moduleId || '';
  const q = useQuery({
    queryKey: ['dashboards', 'widget', 'process-status', moduleId, filters],
    queryFn: () => processStatus(moduleId, filters),
    enabled: !!moduleId,
  });
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'item' },
      legend: { bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['40%', '70%'],
          data: (q.data?.statuses ?? [])
            .filter((s) => s.count > 0)
            .map((s) => ({
              name: t(STATUS_KEY[s.status] ?? s.status),
              value: s.count,
              itemStyle: { color: COLOUR[s.status] },
            })),
        },
      ],
    }),
    [q.data, t],
  );
  if (!moduleId) return <WidgetError error={t('DASHBOARDS.CHOOSE_APP_FIRST')} />;
  return (
    <Loaded q={q}>
      {(d) => (
        <div className="dash-figures-box">
          <div className="dash-kpis">
            <span>
              <strong data-testid="status-total">{d.total}</strong> {t('DASHBOARDS.RECORDS_OF', { app: d.moduleName })}
            </span>
          </div>
          <EChart option={option} label={t('DASHBOARDS.KIND_PROCESS_STATUS')} height={200} />
        </div>
      )}
    </Loaded>
  );
}

function Editor({ settings, onChange, idPrefix }: WidgetEditorProps) {
  const { t } = useTranslation();
  return (
    <FormGroup label={t('DASHBOARDS.APP')} labelFor={`${idPrefix}-app`}>
      <AppPicker
        id={`${idPrefix}-app`}
        label={t('DASHBOARDS.APP')}
        empty={t('DASHBOARDS.APP_FROM_FILTER')}
        value={(settings.moduleId as string) ?? ''}
        onChange={(moduleId) => onChange({ ...settings, moduleId })}
      />
    </FormGroup>
  );
}

export const widget: WidgetKind = {
  kind: 'process-status',
  icon: 'pie-chart',
  titleKey: 'DASHBOARDS.KIND_PROCESS_STATUS',
  size: { w: 6, h: 6 },
  defaults: { moduleId: '' },
  View,
  Editor,
};
