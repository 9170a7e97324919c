import { useEffect, useRef, useState } from 'react';
import { Callout, Intent, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { completeSso, ssoError, type SsoError } from '../../auth/sso';
import { useFinishSignIn } from '../../auth/useFinishSignIn';
import { AuthLayout } from './AuthLayout';

/** /authentication/sso: verifies automatically, then continues like a password sign-in (ReturnUrl or home). */
export function SsoPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const finish = useFinishSignIn();
  const [error, setError] = useState<SsoError | undefined>(ssoError(params.get('error')));
  const started = useRef(false);

  useEffect(() => {
    if (error || started.current) return;
    started.current = true; // the ticket works once; StrictMode's second effect run must not spend it again
    completeSso()
      .then(async (res) => {
        if (!res.success || !res.data || !(await finish(res.data))) setError('failed');
      })
      .catch(() => setError('failed'));
  }, [error, finish]);

  return (
    <AuthLayout title={t('SSO.TITLE')}>
      {error ? (
        <Callout intent={Intent.DANGER} role="alert">
          {t(`SSO.ERROR.${error}`)}
        </Callout>
      ) : (
        <div className="auth-sso-verifying" role="status">
          <Spinner size={24} />
          <span>{t('SSO.VERIFYING')}</span>
        </div>
      )}
      {error && <Link to="/authentication/login">{t('AUTH.BACK_TO_LOGIN')}</Link>}
    </AuthLayout>
  );
}
