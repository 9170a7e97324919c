import { useState, type FormEvent } from 'react';
import { Button, Card, FormGroup, H3, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export const isLoginHost = (hostname: string) => hostname.split('.')[0] === 'login' && hostname.includes('.');

/** The address of a tenant's sign-in page, on the same parent domain as the login host. */
export function tenantLoginUrl(domain: string, loc: { protocol: string; hostname: string; port: string }): string {
  const parent = loc.hostname.split('.').slice(1).join('.');
  return `${loc.protocol}//${domain}.${parent}${loc.port ? `:${loc.port}` : ''}/authentication/login`;
}

export function DomainEntryPage() {
  const { t } = useTranslation();
  const [domain, setDomain] = useState('');
  const [touched, setTouched] = useState(false);
  const clean = domain.trim().toLowerCase();
  const problem = !/^[a-z][a-z0-9-]{0,62}$/.test(clean) ? 'DOMAIN.REQUIRED' : undefined;

  function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (!problem) window.location.assign(tenantLoginUrl(clean, window.location));
  }

  return (
    <main className="auth-page">
      <Card className="auth-card" elevation={2}>
        <H3>{t('DOMAIN.TITLE')}</H3>
        <form onSubmit={submit} noValidate>
          <FormGroup
            label={t('DOMAIN.LABEL')}
            labelFor="domain"
            intent={touched && problem ? Intent.DANGER : Intent.NONE}
            helperText={touched && problem ? t(problem) : undefined}
          >
            <InputGroup
              id="domain"
              value={domain}
              onChange={(e) => setDomain(e.target.value)}
              rightElement={
                <span className="domain-suffix">.{window.location.hostname.split('.').slice(1).join('.')}</span>
              }
            />
          </FormGroup>
          <Button type="submit" intent={Intent.PRIMARY} fill text={t('DOMAIN.SUBMIT')} />
        </form>
      </Card>
    </main>
  );
}
