import { useState, type FormEvent } from 'react';
import { Button, Callout, Card, FormGroup, H3, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { api, errorMessage, type Envelope } from '../../api/client';
import { useTenantInfo } from '../../api/tenant';
import { LanguageSelect } from '../../components/LanguageSelect';

/** Client rules of spec section 5; the server re-checks everything. */
export function validateLogin(username: string, password: string) {
  const errors: { username?: string; password?: string } = {};
  if (!username.trim()) errors.username = 'AUTH.VALIDATION.REQUIRED_USERNAME';
  if (!password) errors.password = 'AUTH.VALIDATION.REQUIRED_PASSWORD';
  else if (password.length < 3) errors.password = 'AUTH.VALIDATION.MIN_LENGTH';
  else if (password.length > 50) errors.password = 'AUTH.VALIDATION.MAX_LENGTH';
  return errors;
}

const DEV_HOST = /^(dev|test|staging|uat)[.-]/;

export function LoginPage() {
  const { t } = useTranslation();
  const tenant = useTenantInfo();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState<{ username?: boolean; password?: boolean }>({});
  const [loading, setLoading] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const errors = validateLogin(username, password);
  const info = tenant.data?.ok ? tenant.data.info : undefined;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched({ username: true, password: true });
    if (Object.keys(errors).length) return;
    setLoading(true);
    setServerError(undefined);
    try {
      const res = await api.post<Envelope>('/identity/Authentication/authenticateiso', JSON.stringify(JSON.stringify({ username, password })), {
        headers: { 'Content-Type': 'application/json' },
      });
      if (!res.data.success) setServerError(res.data.message || t('AUTH.VALIDATION.INVALID_LOGIN'));
    } catch (err) {
      setServerError(errorMessage(err, t('AUTH.VALIDATION.INVALID_LOGIN')));
    } finally {
      setLoading(false);
    }
  }

  return (
    <div className="auth-page">
      {DEV_HOST.test(window.location.hostname) && (
        <Callout intent={Intent.WARNING} className="auth-banner">
          {t('AUTH.LOGIN.DEV_BANNER')}
        </Callout>
      )}
      <Card className="auth-card" elevation={2}>
        <H3>{t('AUTH.LOGIN.TITLE')}</H3>
        {serverError && (
          <Callout intent={Intent.DANGER} role="alert">
            {serverError}
          </Callout>
        )}
        <form onSubmit={submit} noValidate>
          <FormGroup
            label={t('AUTH.LOGIN.USERNAME')}
            labelFor="username"
            labelInfo={<span className="required">*</span>}
            intent={touched.username && errors.username ? Intent.DANGER : Intent.NONE}
            helperText={touched.username && errors.username ? t(errors.username) : undefined}
          >
            <InputGroup
              id="username"
              name="username"
              autoComplete="username"
              value={username}
              disabled={loading}
              onChange={(e) => setUsername(e.target.value)}
              onBlur={() => setTouched((s) => ({ ...s, username: true }))}
            />
          </FormGroup>
          <FormGroup
            label={t('AUTH.LOGIN.PASSWORD')}
            labelFor="password"
            labelInfo={<span className="required">*</span>}
            intent={touched.password && errors.password ? Intent.DANGER : Intent.NONE}
            helperText={touched.password && errors.password ? t(errors.password) : undefined}
          >
            <InputGroup
              id="password"
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              disabled={loading}
              onChange={(e) => setPassword(e.target.value)}
              onBlur={() => setTouched((s) => ({ ...s, password: true }))}
            />
          </FormGroup>
          <Button type="submit" intent={Intent.PRIMARY} fill loading={loading} text={t('AUTH.LOGIN.SUBMIT')} />
        </form>
        <div className="auth-links">
          <Link to="/authentication/forgot-password">{t('AUTH.LOGIN.FORGOT')}</Link>
          <LanguageSelect />
        </div>
        {info && (
          <p className="auth-support">
            {t('AUTH.LOGIN.SUPPORT', {
              email: info.support_email ?? 'support@example.com',
              phone: info.person_in_charge_phone ?? '—',
            })}
          </p>
        )}
      </Card>
    </div>
  );
}
