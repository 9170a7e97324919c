import { useEffect, useState, type FormEvent } from 'react';
import { Button, Callout, FormGroup, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { enableAuthenticator, sharedKey } from '../../api/identity';
import { isBlockedCodeKey } from '../../auth/sign-in-flow';
import { useFinishSignIn } from '../../auth/useFinishSignIn';
import { AuthLayout } from './AuthLayout';

/** Reachable only with a live MFA marker (the server checks the cookie); otherwise back to '/'. */
export function SetupMfaPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const finish = useFinishSignIn();
  const [key, setKey] = useState<{ sharedKey: string; qrCodeDataUrl: string }>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    sharedKey().then(setKey, () => navigate('/', { replace: true }));
  }, [navigate]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setLoading(true);
    setError(undefined);
    try {
      const res = await enableAuthenticator(code);
      if (!res.success || !res.data || !(await finish(res.data))) setError(res.message);
    } finally {
      setLoading(false);
    }
  }

  if (!key) return <Spinner className="page-spinner" />;
  return (
    <AuthLayout title={t('AUTH.SETUP_MFA.TITLE')}>
      <p>{t('AUTH.SETUP_MFA.TEXT')}</p>
      <img className="qr" src={key.qrCodeDataUrl} alt={t('AUTH.SETUP_MFA.QR_ALT')} width={220} height={220} />
      <p>
        {t('AUTH.SETUP_MFA.KEY')} <code data-testid="shared-key">{key.sharedKey}</code>
      </p>
      {error && (
        <Callout intent={Intent.DANGER} role="alert">
          {error}
        </Callout>
      )}
      <form onSubmit={submit} noValidate>
        <FormGroup label={t('AUTH.MFA.CODE')} labelFor="code">
          <InputGroup
            id="code"
            inputMode="numeric"
            maxLength={6}
            value={code}
            onKeyDown={(e) => isBlockedCodeKey(e.key) && e.preventDefault()}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          />
        </FormGroup>
        <Button type="submit" intent={Intent.PRIMARY} fill loading={loading} text={t('AUTH.SETUP_MFA.ENABLE')} />
      </form>
    </AuthLayout>
  );
}
