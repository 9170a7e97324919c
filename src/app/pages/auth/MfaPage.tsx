import { useState, type FormEvent } from 'react';
import { Button, Callout, Checkbox, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { loginWith2Fa } from '../../api/identity';
import { isBlockedCodeKey } from '../../auth/sign-in-flow';
import { useFinishSignIn } from '../../auth/useFinishSignIn';
import { AuthLayout } from './AuthLayout';

/** Delay between a good code and the token request (spec section 4). */
const TOKEN_DELAY_MS = 1000;

export function MfaPage() {
  const { t } = useTranslation();
  const finish = useFinishSignIn();
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!/^\d{6}$/.test(code)) return setError(t('AUTH.MFA.CODE_FORMAT'));
    setLoading(true);
    setError(undefined);
    try {
      const res = await loginWith2Fa(code, remember);
      if (!res.success || !res.data || !(await finish(res.data, TOKEN_DELAY_MS))) setError(res.message);
    } catch (err) {
      setError(err instanceof Error ? err.message : t('AUTH.VALIDATION.INVALID_LOGIN'));
    } finally {
      setLoading(false);
    }
  }

  return (
    <AuthLayout title={t('AUTH.MFA.TITLE')}>
      <p>{t('AUTH.MFA.TEXT')}</p>
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
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            disabled={loading}
            onKeyDown={(e) => isBlockedCodeKey(e.key) && e.preventDefault()}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          />
        </FormGroup>
        <Checkbox
          checked={remember}
          label={t('AUTH.MFA.REMEMBER')}
          onChange={(e) => setRemember(e.currentTarget.checked)}
        />
        <Button type="submit" intent={Intent.PRIMARY} fill loading={loading} text={t('AUTH.MFA.VERIFY')} />
      </form>
      <Link to="/authentication/login">{t('AUTH.BACK_TO_LOGIN')}</Link>
    </AuthLayout>
  );
}
