import { useState, type FormEvent } from 'react';
import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { authenticate } from '../../api/identity';
import { useFinishSignIn } from '../../auth/useFinishSignIn';
import { AuthLayout } from './AuthLayout';
import { SsoButtons } from './SsoButtons';

/** Client rules of spec section 5; the server re-checks everything. */
export function validateLogin(username: string, password: string) {
  const errors: { username?: string; password?: string } = {};
  if (!username.trim()) errors.username = 'AUTH.VALIDATION.REQUIRED_USERNAME';
  if (!password) errors.password = 'AUTH.VALIDATION.REQUIRED_PASSWORD';
  else if (password.length < 3) errors.password = 'AUTH.VALIDATION.MIN_LENGTH';
  else if (password.length > 50) errors.password = 'AUTH.VALIDATION.MAX_LENGTH';
  return errors;
}

export function LoginPage() {
  const { t } = useTranslation();
  const finish = useFinishSignIn();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState<{ username?: boolean; password?: boolean }>({});
  const [loading, setLoading] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const errors = validateLogin(username, password);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched({ username: true, password: true });
    if (Object.keys(errors).length) return;
    setLoading(true);
    setServerError(undefined);
    try {
      const res = await authenticate(username.trim(), password);
      if (!res.success || !res.data || !(await finish(res.data)))
        setServerError(res.message || t('AUTH.VALIDATION.INVALID_LOGIN'));
    } catch {
      setServerError(t('AUTH.VALIDATION.INVALID_LOGIN'));
    } finally {
      setLoading(false);
    }
  }

  const field = (name: 'username' | 'password') => ({
    intent: touched[name] && errors[name] ? Intent.DANGER : Intent.NONE,
    helperText: touched[name] && errors[name] ? t(errors[name]) : undefined,
  });

  return (
    <AuthLayout title={t('AUTH.LOGIN.TITLE')}>
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
          {...field('username')}
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
          {...field('password')}
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
      <SsoButtons />
      <div className="auth-links">
        <Link to="/authentication/forgot-password">{t('AUTH.LOGIN.FORGOT')}</Link>
      </div>
    </AuthLayout>
  );
}
