import { useState, type FormEvent } from 'react';
import { Button, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { forgotPassword } from '../../api/identity';
import { usernameProblem } from '../../auth/sign-in-flow';
import { toastError, toastSuccess } from '../../components/toaster';
import { AuthLayout } from './AuthLayout';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [touched, setTouched] = useState(false);
  const [loading, setLoading] = useState(false);
  const problem = usernameProblem(username);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (problem) return;
    setLoading(true);
    try {
      const res = await forgotPassword(username.trim());
      if (res.success) {
        void toastSuccess(res.message);
        navigate('/authentication/login');
      } else void toastError(res.message);
    } catch {
      void toastError(t('AUTH.VALIDATION.NOT_FOUND', { name: username }));
    } finally {
      setLoading(false);
    }
  }

  return (
    <AuthLayout title={t('AUTH.FORGOT.TITLE')}>
      <form onSubmit={submit} noValidate>
        <FormGroup
          label={t('AUTH.LOGIN.USERNAME')}
          labelFor="username"
          labelInfo={<span className="required">*</span>}
          intent={touched && problem ? Intent.DANGER : Intent.NONE}
          helperText={touched && problem ? t(problem) : undefined}
        >
          <InputGroup
            id="username"
            value={username}
            disabled={loading}
            onChange={(e) => setUsername(e.target.value)}
            onBlur={() => setTouched(true)}
          />
        </FormGroup>
        <div className="button-row">
          <Button text={t('COMMON.CANCEL')} onClick={() => navigate('/authentication/login')} disabled={loading} />
          <Button type="submit" intent={Intent.PRIMARY} loading={loading} text={t('AUTH.FORGOT.SUBMIT')} />
        </div>
      </form>
    </AuthLayout>
  );
}
