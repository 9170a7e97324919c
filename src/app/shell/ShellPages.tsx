import { Button, NonIdealState } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { authTokenAtom, configAtom, tokenExpired } from '../state/auth';
import { Shell } from './Shell';

/** Where `/` leads: the user's preferred launch page (spec section 2). */
export function launchPath(launchPage: unknown): string {
  switch (launchPage) {
    case 'dashboard-and-reports':
      return '/dashboard';
    case 'quick-report':
      return '/inquiry';
    case 'apps':
      return '/applications';
    default:
      return '/tasks';
  }
}

export function LaunchRedirect() {
  const config = useAtomValue(configAtom);
  return <Navigate to={launchPath(config?.userInfo?.preference?.launch_page)} replace />;
}

/** A route whose feature is not built yet: says so plainly. */
export function PlaceholderPage() {
  const { t } = useTranslation();
  return <NonIdealState icon="build" title={t('SHELL.PLACEHOLDER.TITLE')} description={t('SHELL.PLACEHOLDER.TEXT')} />;
}

const useSignedIn = () => {
  const token = useAtomValue(authTokenAtom);
  return !!token && !tokenExpired(token);
};

/** MTD for Corporation Tax: no confirmed dates yet; apps will be free to all users. */
export function MtdPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  return (
    <NonIdealState
      icon="calendar"
      title={t('SHELL.MTD.TITLE')}
      description={
        <>
          <p>{t('SHELL.MTD.NO_DATES')}</p>
          <p>{t('SHELL.MTD.FREE')}</p>
        </>
      }
      action={<Button text={t('SHELL.MTD.BACK')} icon="home" onClick={() => navigate(signedIn ? '/tasks' : '/')} />}
    />
  );
}

/** The public MTD route (router.tsx): inside the shell when signed in, on its own otherwise. */
export function MtdRoute() {
  const signedIn = useSignedIn();
  return signedIn ? (
    <Shell>
      <MtdPage />
    </Shell>
  ) : (
    <main className="mtd-public">
      <MtdPage />
    </main>
  );
}
