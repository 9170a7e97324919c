import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { changePassword } from '../../api/identity';
import { useFinishSignIn } from '../../auth/useFinishSignIn';
import { isoAtom } from '../../state/auth';
import { AuthLayout } from './AuthLayout';
import { PasswordForm } from './PasswordForm';

/** Reached with a token limited to the password change; after the change the user is signed in. */
export function PasswordExpiredPage() {
  const { t } = useTranslation();
  const iso = useAtomValue(isoAtom);
  const finish = useFinishSignIn();
  if (!iso?.token) return <Navigate to="/authentication/login" replace />;
  return (
    <AuthLayout title={t('AUTH.PASSWORD.EXPIRED_TITLE')}>
      <p>{t('AUTH.PASSWORD.EXPIRED_TEXT')}</p>
      <PasswordForm
        askCurrent
        onSubmit={async (current, next) => {
          const res = await changePassword(iso.token!, current, next);
          if (!res.success || !res.data) return res.message;
          await finish({ ...iso, ...res.data, passwordExpired: false, succeeded: true, requiresTwoFactor: false });
          return undefined;
        }}
      />
    </AuthLayout>
  );
}
