import { HTMLSelect } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchApplications } from '../apps/api';

/** One of the tenant's apps by name (for a step's app or the app whose record events start an automation). */
export function AppSelect(p: { id: string; value: string; label?: string; onChange(id: string): void }) {
  const { t } = useTranslation();
  const apps = useQuery({
    queryKey: ['automations', 'apps'],
    queryFn: () => fetchApplications({ page: 1, length: 100, search: '' }),
  });
  return (
    <HTMLSelect
      id={p.id}
      aria-label={p.label}
      fill
      value={p.value}
      onChange={(e) => p.onChange(e.target.value)}
      options={[
        { value: '', label: t('RPA.CHOOSE') },
        ...(apps.data?.data ?? []).map((a) => ({ value: a.id, label: a.display_name })),
      ]}
    />
  );
}
