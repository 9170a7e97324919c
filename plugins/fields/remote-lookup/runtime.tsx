import { memo, useCallback } from 'react';
import { InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { defineFieldRuntime, type DisplayProps, type WidgetProps } from '../../../runtime/react/contract';
import type { LookupItem } from '../../../runtime/react/field-data';
import { asRef, ReferenceSuggest } from '../../../runtime/react/reference-picker';
import { useRemoteSearch } from '../../../runtime/react/remote-search';
import { manifest, type RemoteLookupConfig } from './manifest';

const ns = 'field.remote-lookup';

/** Asks the other system (through the server) only when the user opens the picker or types. */
const RemoteLookupWidget = memo(function RemoteLookupWidget(p: WidgetProps<RemoteLookupConfig>) {
  const { t } = useTranslation(ns);
  const { search, ready } = useRemoteSearch(p.name);
  const { onChange } = p;
  const onPick = useCallback(
    (i: LookupItem | null) => onChange(i ? { id: i.id, label: i.label, ...(i.token ? { token: i.token } : {}) } : null),
    [onChange],
  );
  const value = asRef(p.value);
  // Where a form is filled its address is not sent (serverOnlyConfig): the server answers for the field by name.
  if (!ready) return <InputGroup id={p.id} disabled value={value?.label ?? ''} placeholder={t('placeholder')} />;
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
