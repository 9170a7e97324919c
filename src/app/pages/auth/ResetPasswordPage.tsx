import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { resetPassword } from '../../api/identity';
import { toastSuccess } from '../../components/toaster';
import { AuthLayout } from './AuthLayout';
import { PasswordForm } from './PasswordForm';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <AuthLayout title={t('AUTH.PASSWORD.RESET_TITLE')}>
      <PasswordForm
        onSubmit={async (_current, next) => {
          const res = await resetPassword(token, next);
          if (!res.success) return res.message;
          void toastSuccess(res.message);
          navigate('/authentication/login', { replace: true });
          return undefined;
        }}
      />
      <Link to="/authentication/login">{t('AUTH.BACK_TO_LOGIN')}</Link>
    </AuthLayout>
  );
}
