import { createContext, useContext } from 'react';
import { HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ConfigWidgetProps } from './SchemaConfigEditor';

/** The other fields of the form being designed, for generated settings that name one. */
export const FieldNamesContext = createContext<readonly string[]>([]);

/** A setting naming another field of this form. */
export function FieldNamePicker({ id, value, onChange, disabled }: ConfigWidgetProps) {
  const { t } = useTranslation('translation', { keyPrefix: 'FIELD_CONFIG.LOOKUP' });
  const names = useContext(FieldNamesContext);
  return (
    <HTMLSelect
      id={id}
      fill
      disabled={disabled}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      options={[{ value: '', label: t('choose') }, ...names.map((n) => ({ value: n, label: n }))]}
    />
  );
}
