import { Button, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { searchUsers, type BoardFilters } from './api';
import { AppPicker } from './parts';

/** The filters every widget shares: a date range, an app and a user. */
export function FilterBar({ value, onChange }: { value: BoardFilters; onChange(f: BoardFilters): void }) {
  const { t } = useTranslation();
  const users = useQuery({ queryKey: ['dashboards', 'users'], queryFn: () => searchUsers('') });
  const set = (k: keyof BoardFilters, v: string) => onChange({ ...value, [k]: v || undefined });
  return (
    <div className="dash-filters" role="group" aria-label={t('DASHBOARDS.FILTERS')}>
      <FormGroup inline label={t('DASHBOARDS.FROM')} labelFor="dash-from">
        <InputGroup id="dash-from" type="date" value={value.from ?? ''} onValueChange={(v) => set('from', v)} />
      </FormGroup>
      <FormGroup inline label={t('DASHBOARDS.TO')} labelFor="dash-to">
        <InputGroup id="dash-to" type="date" value={value.to ?? ''} onValueChange={(v) => set('to', v)} />
      </FormGroup>
      <FormGroup inline label={t('DASHBOARDS.APP')} labelFor="dash-app">
        <AppPicker
          id="dash-app"
          label={t('DASHBOARDS.APP')}
          empty={t('DASHBOARDS.ALL_APPS')}
          value={value.moduleId ?? ''}
          onChange={(v) => set('moduleId', v)}
        />
      </FormGroup>
      <FormGroup inline label={t('DASHBOARDS.USER')} labelFor="dash-user">
        <HTMLSelect
          id="dash-user"
          value={value.userId ?? ''}
          onChange={(e) => set('userId', e.target.value)}
          options={[
            { value: '', label: t('DASHBOARDS.ALL_USERS') },
            ...(users.data?.items ?? []).map((u) => ({ value: u.id, label: u.label })),
          ]}
        />
      </FormGroup>
      {(value.from || value.to || value.moduleId || value.userId) && (
        <Button minimal icon="filter-remove" text={t('DASHBOARDS.CLEAR_FILTERS')} onClick={() => onChange({})} />
      )}
    </div>
  );
}
