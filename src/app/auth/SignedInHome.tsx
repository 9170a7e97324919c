import { Card, H3, Tag } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { configAtom } from '../state/auth';

/** The signed-in landing page until the application shell replaces it: who you are and how to sign out. */
export function SignedInHome() {
  const { t } = useTranslation();
  const config = useAtomValue(configAtom);
  const u = config?.userInfo;
  const roles = [
    config?.isSysAdmin && t('ROLES.SYS_ADMIN'),
    config?.isAdministrator && t('ROLES.ADMINISTRATOR'),
    config?.isFullUser && t('ROLES.FULL_USER'),
    config?.isConsultant && t('ROLES.CONSULTANT'),
  ].filter(Boolean) as string[];
  return (
    <main className="system-page">
      <Card elevation={1}>
        <H3 data-testid="signed-in-name">{u?.fullname ?? ''}</H3>
        <p>{u?.email}</p>
        <p>
          {roles.map((r) => (
            <Tag key={r} minimal className="role-tag">
              {r}
            </Tag>
          ))}
        </p>
        <Link to="/logout">{t('AUTH.SIGN_OUT')}</Link>
      </Card>
    </main>
  );
}
