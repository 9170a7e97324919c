import { useState } from 'react';
import { Button, Card, H3, H5, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { toastError } from '../../components/toaster';
import { useFormatDate } from '../../shell/dates';
import { createDashboard, listDashboards, listReports } from './api';
import { DashboardDialog } from './DashboardDialog';
import './dashboards.css';

/** /dashboard-landing: recent dashboards, saved reports and a new dashboard. */
export function DashboardLandingPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const fmt = useFormatDate();
  const [creating, setCreating] = useState(false);
  const list = useQuery({ queryKey: ['dashboards', 'list'], queryFn: listDashboards });
  const reports = useQuery({ queryKey: ['dashboards', 'reports'], queryFn: () => listReports(), retry: false });
  const create = useMutation({
    mutationFn: createDashboard,
    onSuccess: (d) => {
      void qc.invalidateQueries({ queryKey: ['dashboards'] });
      navigate(`/dashboard?id=${d.id}`);
    },
    onError: (e) => void toastError(errorMessage(e)),
  });
  return (
    <main className="dash-page dash-narrow">
      <header className="dash-header">
        <H3>{t('DASHBOARDS.LANDING_TITLE')}</H3>
        <span className="spacer" />
        <Button intent={Intent.PRIMARY} icon="add" text={t('DASHBOARDS.NEW')} onClick={() => setCreating(true)} />
      </header>
      <p className="bp6-text-muted">{t('DASHBOARDS.LANDING_ABOUT')}</p>
      <div className="dash-columns">
        <Card>
          <H5>{t('DASHBOARDS.RECENT')}</H5>
          {list.isLoading ? (
            <Spinner size={20} />
          ) : !list.data?.length ? (
            <NonIdealState icon="dashboard" title={t('DASHBOARDS.NONE')} />
          ) : (
            <ul className="dash-links">
              {list.data.slice(0, 6).map((d) => (
                <li key={d.id}>
                  <Link to={`/dashboard?id=${d.id}`} data-tenant-text>
                    {d.name}
                  </Link>{' '}
                  <span className="bp6-text-muted">{fmt(d.modifiedOn, true)}</span>
                </li>
              ))}
            </ul>
          )}
          <Link to="/list-dashboard">{t('DASHBOARDS.ALL_DASHBOARDS')}</Link>
        </Card>
        <Card>
          <H5>{t('DASHBOARDS.REPORTS')}</H5>
          {reports.isLoading ? (
            <Spinner size={20} />
          ) : reports.error ? (
            <p className="bp6-text-muted">{t('DASHBOARDS.REPORTS_UNAVAILABLE')}</p>
          ) : !reports.data?.data.length ? (
            <p className="bp6-text-muted">{t('DASHBOARDS.NO_REPORTS')}</p>
          ) : (
            <ul className="dash-links">
              {reports.data.data.slice(0, 8).map((r) => (
                <li key={r.id}>
                  <Link to={`/report-viewer?id=${r.id}`} data-tenant-text>
                    {r.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <Link to="/bi-reports">{t('DASHBOARDS.ALL_REPORTS')}</Link>
        </Card>
        <Card>
          <H5>{t('DASHBOARDS.BI_TITLE')}</H5>
          <p>{t('DASHBOARDS.BI_ABOUT')}</p>
          <Link to="/business-intelligence">{t('DASHBOARDS.OPEN_BI')}</Link>
        </Card>
      </div>
      {creating && (
        <DashboardDialog busy={create.isPending} onClose={() => setCreating(false)} onSave={(v) => create.mutate(v)} />
      )}
    </main>
  );
}
