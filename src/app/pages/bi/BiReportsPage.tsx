import { Card, H3, H5, HTMLTable, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { listReports } from '../dashboards/api';
import { VIEWS, VIEW_KEY } from './AnalyticsCharts';
import '../dashboards/dashboards.css';

/** /bi-reports: saved reports (opened in the report viewer) and the process analytics views. */
export function BiReportsPage() {
  const { t } = useTranslation();
  const reports = useQuery({ queryKey: ['dashboards', 'reports'], queryFn: () => listReports(), retry: false });
  return (
    <main className="dash-page dash-narrow">
      <header className="dash-header">
        <H3>{t('DASHBOARDS.REPORTS')}</H3>
      </header>
      <Card>
        <H5>{t('DASHBOARDS.SAVED_REPORTS')}</H5>
        {reports.isLoading ? (
          <Spinner size={20} />
        ) : reports.error ? (
          <p className="bp6-text-muted">{t('DASHBOARDS.REPORTS_UNAVAILABLE')}</p>
        ) : !reports.data?.data.length ? (
          <p className="bp6-text-muted">{t('DASHBOARDS.NO_REPORTS')}</p>
        ) : (
          <HTMLTable striped compact aria-label={t('DASHBOARDS.SAVED_REPORTS')}>
            <thead>
              <tr>
                <th>{t('DASHBOARDS.NAME')}</th>
                <th>{t('DASHBOARDS.APP')}</th>
                <th>{t('DASHBOARDS.FOLDER')}</th>
                <th>{t('DASHBOARDS.OWNER')}</th>
              </tr>
            </thead>
            <tbody>
              {reports.data.data.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link to={`/report-viewer?id=${r.id}`} data-tenant-text>
                      {r.name}
                    </Link>
                  </td>
                  <td data-tenant-text>{r.moduleName}</td>
                  <td data-tenant-text>{r.folder}</td>
                  <td data-tenant-text>{r.ownerName}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </Card>
      <Card>
        <H5>{t('DASHBOARDS.ANALYTICS_VIEWS')}</H5>
        <ul className="dash-links">
          {VIEWS.map((v) => (
            <li key={v}>
              <Link to="/business-intelligence">{t(VIEW_KEY[v])}</Link>
            </li>
          ))}
        </ul>
      </Card>
    </main>
  );
}
