import { HTMLSelect } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConfigWidgetProps } from './activity-designer';
import { fetchConnectorNames } from './api';

/**
 * A data connector of the tenant for a step that calls one (its plugin's namespace gives the texts), for the
 * DataConnector and Finish activities' `connectorId`.
 */
export function connectorPicker(ns: string) {
  return function ConnectorPicker({ id, label, value, onChange, disabled }: ConfigWidgetProps) {
    const { t } = useTranslation(ns);
    const names = useQuery({ queryKey: ['connectors', 'names'], queryFn: fetchConnectorNames });
    const chosen = typeof value === 'string' ? value : '';
    const list = names.data ?? [];
    const missing = !!chosen && !!names.data && !list.some((c) => c.id === chosen);
    return (
      <HTMLSelect
        id={id}
        aria-label={label}
        fill
        disabled={disabled}
        value={chosen}
        onChange={(e) => onChange(e.target.value || null)}
        options={[
          { value: '', label: t('picker.PICK') },
          ...(missing ? [{ value: chosen, label: t('picker.MISSING') }] : []),
          ...list.map((c) => ({ value: c.id, label: c.name })),
        ]}
      />
    );
  };
}
