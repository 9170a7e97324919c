import { useState } from 'react';
import { Button, FormGroup, H3, H4, HTMLSelect, HTMLTable, InputGroup, Intent, NonIdealState } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { toastError } from '../../components/toaster';
import { chKeys, lookupCompanies, type CompanyItem } from './api';
import { LicenceCallout } from './LicenceCallout';
import { UsagePanel } from './UsagePanel';
import { VariablesForm } from './VariablesForm';
import './connecthub.css';

/** Try the lookup the way a form would: by company number or by name, answers as items. */
function CompanyLookup() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [by, setBy] = useState<'number' | 'name'>('number');
  const [q, setQ] = useState('');
  const lookup = useMutation({
    mutationFn: () => lookupCompanies(by, q.trim()),
    onSettled: () => void qc.invalidateQueries({ queryKey: chKeys.usage('companyhouse') }),
    onError: (e) => void toastError(errorMessage(e)),
  });
  const items: CompanyItem[] | undefined = lookup.data?.items;
  return (
    <section className="ch-lookup" aria-label={t('CH.LOOKUP')}>
      <H4>{t('CH.LOOKUP')}</H4>
      <form
        className="ch-lookup-row"
        onSubmit={(e) => {
          e.preventDefault();
          if (q.trim()) lookup.mutate();
        }}
      >
        <FormGroup label={t('CH.LOOKUP_BY')} labelFor="ch-lookup-by">
          <HTMLSelect
            id="ch-lookup-by"
            value={by}
            onChange={(e) => setBy(e.currentTarget.value as 'number' | 'name')}
            options={[
              { value: 'number', label: t('CH.BY_NUMBER') },
              { value: 'name', label: t('CH.BY_NAME') },
            ]}
          />
        </FormGroup>
        <FormGroup label={t('CH.QUERY')} labelFor="ch-lookup-q">
          <InputGroup id="ch-lookup-q" value={q} onValueChange={setQ} />
        </FormGroup>
        <FormGroup>
          <Button
            type="submit"
            icon="search"
            intent={Intent.PRIMARY}
            text={t('CH.LOOK_UP')}
            disabled={!q.trim()}
            loading={lookup.isPending}
          />
        </FormGroup>
      </form>
      {items &&
        (items.length ? (
          <HTMLTable compact striped className="ch-table" aria-label={t('CH.RESULTS')} data-testid="company-results">
            <thead>
              <tr>
                <th>{t('CH.COMPANY_NUMBER')}</th>
                <th>{t('CH.COMPANY_NAME')}</th>
                <th>{t('CH.COMPANY_STATUS')}</th>
                <th>{t('CH.COMPANY_ADDRESS')}</th>
                <th>{t('CH.INCORPORATED_ON')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((i) => (
                <tr key={i.id}>
                  <td>{i.values.number}</td>
                  <td data-tenant-text>{i.values.name}</td>
                  <td>{i.values.status}</td>
                  <td data-tenant-text>{i.values.address}</td>
                  <td>{i.values.incorporatedOn}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        ) : (
          <NonIdealState icon="search" title={t('CH.NO_COMPANY')} />
        ))}
    </section>
  );
}

/** /connect-hub/companies-house: the API address and key, a lookup to try them, and the bot's traffic. */
export function CompaniesHousePage() {
  const { t } = useTranslation();
  return (
    <main className="ch-page">
      <header className="ch-header">
        <H3>{t('CH.COMPANIES_HOUSE')}</H3>
      </header>
      <p className="bp6-text-muted">{t('CH.COMPANIES_HOUSE_ABOUT')}</p>
      <LicenceCallout bot="companyhouse" />
      <div className="ch-columns">
        <VariablesForm bot="companyhouse" />
        <CompanyLookup />
      </div>
      <UsagePanel bot="companyhouse" />
    </main>
  );
}
