import { memo, useCallback, useContext } from 'react';
import { InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { defineFieldRuntime, type DisplayProps, type WidgetProps } from '../../../runtime/react/contract';
import { useFieldData, type LookupItem } from '../../../runtime/react/field-data';
import { FormRuntimeContext } from '../../../runtime/react/form-context';
import { asRef, ReferenceSuggest, type ReferenceSearch } from '../../../runtime/react/reference-picker';
import { manifest, type RemoteLookupConfig } from './manifest';

const ns = 'field.remote-lookup';

/** Asks the other system (through the server) only when the user opens the picker or types. */
const RemoteLookupWidget = memo(function RemoteLookupWidget(p: WidgetProps<RemoteLookupConfig>) {
  const { t } = useTranslation(ns);
  const data = useFieldData();
  const store = useContext(FormRuntimeContext);
  const name = p.name;
  const search = useCallback<ReferenceSearch>(
    (text, _cursor, signal) =>
      data && name && store
        ? data.remote({ field: name, search: text, values: store.values }, signal)
        : Promise.resolve({ items: [], nextCursor: null }),
    [data, name, store],
  );
  const { onChange } = p;
  const onPick = useCallback(
    (i: LookupItem | null) => onChange(i ? { id: i.id, label: i.label, ...(i.token ? { token: i.token } : {}) } : null),
    [onChange],
  );
  const value = asRef(p.value);
  // Where a form is filled its address is not sent (serverOnlyConfig): the server answers for the field by name.
  if (!data || !name)
    return <InputGroup id={p.id} disabled value={value?.label ?? ''} placeholder={t('placeholder')} />;
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
    />
  );
});

function RemoteLookupDisplay({ value }: DisplayProps<RemoteLookupConfig>) {
  return <span data-tenant-text>{asRef(value)?.label ?? ''}</span>;
}

export const runtime = defineFieldRuntime({ manifest, Widget: RemoteLookupWidget, Display: RemoteLookupDisplay });
