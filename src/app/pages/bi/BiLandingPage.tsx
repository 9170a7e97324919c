import { Card, H3, H5, NonIdealState, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { fetchApplications } from '../apps/api';
import { taskWorkload } from '../dashboards/api';
import '../dashboards/dashboards.css';

/** /business-intelligence-landing: open work at a glance and a way into each app's process analytics. */
export function BiLandingPage() {
  const { t } = useTranslation();
  const apps = useQuery({
    queryKey: ['dashboards', 'apps'],
    queryFn: () => fetchApplications({ page: 1, length: 100, search: '' }),
  });
  const work = useQuery({ queryKey: ['dashboards', 'bi-work'], queryFn: () => taskWorkload('user', {}) });
  return (
    <main className="dash-page dash-narrow">
      <header className="dash-header">
        <H3>{t('DASHBOARDS.BI_TITLE')}</H3>
      </header>
      <p className="bp6-text-muted">{t('DASHBOARDS.BI_ABOUT')}</p>
      <div className="dash-kpis">
        <span>
          <strong>{work.data?.total ?? '—'}</strong> {t('DASHBOARDS.OPEN_TASKS')}
        </span>
        <span>
          <strong>{work.data?.overdue ?? '—'}</strong> {t('DASHBOARDS.OVERDUE')}
        </span>
      </div>
      <div className="dash-columns">
        <Card>
          <H5>{t('DASHBOARDS.ANALYTICS_BY_APP')}</H5>
          {apps.isLoading ? (
            <Spinner size={20} />
          ) : !apps.data?.data.length ? (
            <NonIdealState icon="applications" title={t('DASHBOARDS.NO_APPS')} />
          ) : (
            <ul className="dash-links">
              {apps.data.data.map((a) => (
                <li key={a.id}>
                  <Link to={`/business-intelligence?moduleId=${a.id}`} data-tenant-text>
                    {a.display_name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card>
          <H5>{t('DASHBOARDS.MORE')}</H5>
          <ul className="dash-links">
            <li>
              <Link to="/bi-reports">{t('DASHBOARDS.REPORTS')}</Link>
            </li>
            <li>
              <Link to="/dashboard-landing">{t('DASHBOARDS.LANDING_TITLE')}</Link>
            </li>
            <li>
              <Link to="/list-dashboard">{t('DASHBOARDS.LIST_TITLE')}</Link>
            </li>
          </ul>
        </Card>
      </div>
    </main>
  );
}
