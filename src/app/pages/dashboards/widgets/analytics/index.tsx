import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { processAnalytics } from '../../api';
import { AppPicker, Loaded, WidgetError } from '../../parts';
import { AnalyticsChart, VIEWS, VIEW_KEY, type AnalyticsView } from '../../../bi/AnalyticsCharts';
import type { Settings, WidgetEditorProps, WidgetKind, WidgetViewProps } from '../types';

const viewOf = (s: Settings): AnalyticsView =>
  VIEWS.includes(s.view as AnalyticsView) ? (s.view as AnalyticsView) : 'steps';

function View({ settings, filters }: WidgetViewProps) {
  const { t } = useTranslation();
  const moduleId = (settings.moduleId as string) || filters.moduleId || '';
  const view = viewOf(settings);
  const q = useQuery({
    queryKey: ['dashboards', 'widget', 'analytics', moduleId, view, filters],
    // Only the figure this widget shows is computed.
    queryFn: () => processAnalytics(moduleId, filters, undefined, [view]),
    enabled: !!moduleId,
  });
  if (!moduleId) return <WidgetError error={t('DASHBOARDS.CHOOSE_APP_FIRST')} />;
  return <Loaded q={q}>{(d) => <AnalyticsChart d={d} view={view} height={200} />}</Loaded>;
}

function Editor({ settings, onChange, idPrefix }: WidgetEditorProps) {
  const { t } = useTranslation();
  return (
    <>
      <FormGroup label={t('DASHBOARDS.APP')} labelFor={`${idPrefix}-app`}>
        <AppPicker
          id={`${idPrefix}-app`}
          label={t('DASHBOARDS.APP')}
          empty={t('DASHBOARDS.APP_FROM_FILTER')}
          value={(settings.moduleId as string) ?? ''}
          onChange={(moduleId) => onChange({ ...settings, moduleId })}
        />
      </FormGroup>
      <FormGroup label={t('DASHBOARDS.FIGURE')} labelFor={`${idPrefix}-view`}>
        <HTMLSelect
          id={`${idPrefix}-view`}
          value={viewOf(settings)}
          onChange={(e) => onChange({ ...settings, view: e.target.value })}
          options={VIEWS.map((v) => ({ value: v, label: t(VIEW_KEY[v]) }))}
        />
      </FormGroup>
    </>
  );
}

export const widget: WidgetKind = {
  kind: 'analytics',
  icon: 'timeline-bar-chart',
  titleKey: 'DASHBOARDS.KIND_ANALYTICS',
  size: { w: 6, h: 6 },
  defaults: { moduleId: '', view: 'steps' },
  View,
  Editor,
};
