import { HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useDesignerData } from './designer-data';
import type { ConfigWidgetProps } from './SchemaConfigEditor';

/** A setting naming a team of the tenant, or '' for everyone; `ns` is the plugin's namespace with 'everyone'. */
export function teamPicker(ns: string) {
  return function TeamPicker({ id, value, onChange, disabled }: ConfigWidgetProps) {
    const { t } = useTranslation(ns);
    const teams = useDesignerData((d) => d.teams(), 'teams');
    return (
      <HTMLSelect
        id={id}
        fill
        disabled={disabled}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange(e.target.value)}
        options={[{ value: '', label: t('everyone') }, ...(teams ?? []).map((x) => ({ value: x.id, label: x.name }))]}
      />
    );
  };
}
