import { Classes, HTMLSelect, NonIdealState } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { fetchApplications } from '../apps/api';

/** One of the tenant's apps by name; '' is "none chosen". */
export function AppPicker(p: { id: string; value: string; label: string; empty?: string; onChange(id: string): void }) {
  const { t } = useTranslation();
  const apps = useQuery({
    queryKey: ['dashboards', 'apps'],
    queryFn: () => fetchApplications({ page: 1, length: 100, search: '' }),
  });
  return (
    <HTMLSelect
      id={p.id}
      aria-label={p.label}
      value={p.value}
      onChange={(e) => p.onChange(e.target.value)}
      options={[
        { value: '', label: p.empty ?? t('DASHBOARDS.CHOOSE_APP') },
        ...(apps.data?.data ?? []).map((a) => ({ value: a.id, label: a.display_name })),
      ]}
    />
  );
}

/** What a widget shows while its own query runs: a few Blueprint skeleton bars. */
export function WidgetSkeleton() {
  return (
    <div className="dash-skeleton" data-testid="widget-loading" aria-busy="true">
      <div className={Classes.SKELETON} />
      <div className={Classes.SKELETON} />
      <div className={Classes.SKELETON} />
    </div>
  );
}

/** A widget's own error: the rest of the dashboard goes on working. */
export function WidgetError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <NonIdealState
      className="dash-widget-error"
      icon="error"
      title={t('DASHBOARDS.WIDGET_FAILED')}
      description={typeof error === 'string' ? error : errorMessage(error)}
    />
  );
}

/** Query state to a widget body: skeleton, own error, or the figures. */
export function Loaded<T>(p: { q: { data?: T; error: unknown; isLoading: boolean }; children(d: T): React.ReactNode }) {
  if (p.q.error) return <WidgetError error={p.q.error} />;
  if (p.q.isLoading || p.q.data === undefined) return <WidgetSkeleton />;
  return <>{p.children(p.q.data)}</>;
}
