import { memo, useCallback, useContext } from 'react';
import { InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../../runtime/react/contract';
import { useFieldData, type LookupItem } from '../../../runtime/react/field-data';
import { FormRuntimeContext } from '../../../runtime/react/form-context';
import { asRef, ReferenceSuggest, type ReferenceSearch } from '../../../runtime/react/reference-picker';
import { manifest, type LookupConfig } from './manifest';

const ns = 'field.lookup';

/** Picks a record of another app; nothing is asked of the server until the user opens the picker or types. */
export const LookupWidget = memo(function LookupWidget(p: WidgetProps<LookupConfig>) {
  const { t } = useTranslation(ns);
  const data = useFieldData();
  const store = useContext(FormRuntimeContext);
  const ready = !!manifest.recordSource?.(p.config);
  const name = p.name;
  const search = useCallback<ReferenceSearch>(
    (text, cursor, signal) =>
      data && name && store
        ? data.lookup({ field: name, search: text, cursor, values: store.values }, signal)
        : Promise.resolve({ items: [], nextCursor: null }),
    [data, name, store],
  );
  const { onChange } = p;
  const flow = p.config.flowToLookUp;
  const onPick = useCallback(
    (item: LookupItem | null) => {
      onChange(item ? { id: item.id, label: item.label } : null);
      // flowToLookUp: the picked record's values go into this form's fields (the server does the same on save).
      if (item) for (const f of flow ?? []) store?.change(f.to, item.values[f.from] ?? null);
    },
    [onChange, flow, store],
  );
  const columns = p.config.displayColumns;
  const detail = useCallback(
    (item: LookupItem) =>
      (columns ?? [])
        .map((c) => item.values[c])
        .filter((v) => v !== undefined && v !== null && v !== '')
        .map(String)
        .join(' · '),
    [columns],
  );
  const value = asRef(p.value);
  if (!data || !ready || !name)
    return (
      <InputGroup id={p.id} disabled value={value?.label ?? ''} placeholder={ready ? t('placeholder') : t('notSet')} />
    );
  return (
    <ReferenceSuggest
      id={p.id}
      ns={ns}
      search={search}
      disabled={p.disabled}
      invalid={p.invalid}
      onBlur={p.onBlur}
      value={value}
      onPick={onPick}
      detail={detail}
    />
  );
});
