import type { ReactNode } from 'react';
import { Callout, Card, H3, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useTenantInfo } from '../../api/tenant';
import { LanguageSelect } from '../../components/LanguageSelect';

const DEV_HOST = /^(dev|test|staging|uat)[.-]/;
const FALLBACK_EMAIL = 'support@localhost';

/** The frame of every sign-in page: dev-host banner, card, language switch, tenant support details. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const tenant = useTenantInfo();
  const info = tenant.data?.ok ? tenant.data.info : undefined;
  const email = info?.support_email || FALLBACK_EMAIL;
  const phone = info?.person_in_charge_phone;
  return (
    <main className="auth-page">
      {DEV_HOST.test(window.location.hostname) && (
        <Callout intent={Intent.WARNING} className="auth-banner">
          {t('AUTH.LOGIN.DEV_BANNER')}
        </Callout>
      )}
      <Card className="auth-card" elevation={2}>
        <H3>{title}</H3>
        {children}
        <div className="auth-links">
          <a href={`mailto:${email}`}>{t('AUTH.LOGIN.HELP')}</a>
          <LanguageSelect />
        </div>
        <p className="auth-support">
          {phone ? t('AUTH.LOGIN.SUPPORT', { email, phone }) : t('AUTH.LOGIN.SUPPORT_EMAIL', { email })}
        </p>
      </Card>
    </main>
  );
}
