import { useMemo } from 'react';
import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../../components/charts/EChart';
import { taskWorkload } from '../../api';
import { Loaded } from '../../parts';
import type { Settings, WidgetEditorProps, WidgetKind, WidgetViewProps } from '../types';

const groupOf = (s: Settings) => (s.groupBy === 'team' ? 'team' : 'user');

function View({ settings, filters }: WidgetViewProps) {
  const { t } = useTranslation();
  const groupBy = groupOf(settings);
  const q = useQuery({
    queryKey: ['dashboards', 'widget', 'tasks', groupBy, filters],
    queryFn: () => taskWorkload(groupBy, filters),
  });
  return (
    <Loaded q={q}>
      {(d) => (
        <div className="dash-figures-box">
          <div className="dash-kpis">
            <span>
              <strong data-testid="tasks-open">{d.total}</strong> {t('DASHBOARDS.OPEN_TASKS')}
            </span>
            <span>
              <strong>{d.overdue}</strong> {t('DASHBOARDS.OVERDUE')}
            </span>
          </div>
          <Workload groups={d.groups} none={groupBy === 'team' ? t('DASHBOARDS.NO_TEAM') : ''} />
        </div>
      )}
    </Loaded>
  );
}

function Workload({ groups, none }: { groups: { label: string; open: number; overdue: number }[]; none: string }) {
  const { t } = useTranslation();
  const option = useMemo(() => {
    const rows = [...groups].reverse();
    return {
      grid: { left: 8, right: 16, top: 24, bottom: 8, containLabel: true },
      legend: { top: 0 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', data: rows.map((g) => g.label || none) },
      series: [
        {
          name: t('DASHBOARDS.OPEN_TASKS'),
          type: 'bar',
          stack: 'x',
          barMaxWidth: 28,
          data: rows.map((g) => g.open - g.overdue),
        },
        { name: t('DASHBOARDS.OVERDUE'), type: 'bar', stack: 'x', data: rows.map((g) => g.overdue) },
      ],
    };
  }, [groups, none, t]);
  if (!groups.length) return <p className="bp6-text-muted">{t('DASHBOARDS.NO_OPEN_TASKS')}</p>;
  return (
    <div data-tenant-text>
      <EChart option={option} label={t('DASHBOARDS.WORKLOAD')} height={Math.max(120, 40 + groups.length * 28)} />
    </div>
  );
}

function Editor({ settings, onChange, idPrefix }: WidgetEditorProps) {
  const { t } = useTranslation();
  return (
    <FormGroup label={t('DASHBOARDS.GROUP_BY')} labelFor={`${idPrefix}-group`}>
      <HTMLSelect
        id={`${idPrefix}-group`}
        value={groupOf(settings)}
        onChange={(e) => onChange({ ...settings, groupBy: e.target.value })}
        options={[
          { value: 'user', label: t('DASHBOARDS.BY_USER') },
          { value: 'team', label: t('DASHBOARDS.BY_TEAM') },
        ]}
      />
    </FormGroup>
  );
}

export const widget: WidgetKind = {
  kind: 'tasks',
  icon: 'people',
  titleKey: 'DASHBOARDS.KIND_TASKS',
  size: { w: 6, h: 6 },
  defaults: { groupBy: 'user' },
  View,
  Editor,
};
