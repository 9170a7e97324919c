import { useEffect } from 'react';
import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { endSession } from '../../auth/session';
import { MaintenanceNotice } from '../menu-settings/MaintenanceNotice';

/** /maintenance: the message the server sent (menu-settings/MaintenanceNotice.tsx). */
export const MaintenancePage = MaintenanceNotice;

export function ErrorPage() {
  const { t } = useTranslation();
  return (
    <main className="status-page">
      <NonIdealState icon="error" title={t('COMMON.SOMETHING_WRONG')} action={<Link to="/">{t('COMMON.HOME')}</Link>} />
    </main>
  );
}

/** Clears the session (server and browser) and goes to the sign-in page. */
export function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    void endSession().finally(() => navigate('/authentication/login', { replace: true }));
  }, [navigate]);
  return <Spinner className="page-spinner" />;
}
