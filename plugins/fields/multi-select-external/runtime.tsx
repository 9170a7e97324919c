import { memo, useCallback } from 'react';
import { InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { defineFieldRuntime, type DisplayProps, type WidgetProps } from '../../../runtime/react/contract';
import type { LookupItem } from '../../../runtime/react/field-data';
import { asRefs, ReferenceMultiSelect } from '../../../runtime/react/reference-picker';
import { useRemoteSearch } from '../../../runtime/react/remote-search';
import { manifest, type MultiExternalConfig } from './manifest';

const ns = 'field.multi-select-external';

/** Asks the other system (through the server) only when the user opens the picker or types. */
const MultiExternalWidget = memo(function MultiExternalWidget(p: WidgetProps<MultiExternalConfig>) {
  const { t } = useTranslation(ns);
  const { search, ready } = useRemoteSearch(p.name);
  // The server's signature of each picked item goes back with the value, so the save is checked without a call.
  const toRef = useCallback(
    (i: LookupItem) => ({ id: i.id, label: i.label, ...(i.token ? { token: i.token } : {}) }),
    [],
  );
  const value = asRefs(p.value);
  if (!ready)
    return (
      <InputGroup id={p.id} disabled value={value.map((r) => r.label).join(', ')} placeholder={t('placeholder')} />
    );
  return (
    <ReferenceMultiSelect
      id={p.id}
      ns={ns}
      search={search}
      disabled={p.disabled}
      invalid={p.invalid}
      onBlur={p.onBlur}
      value={value}
      onChange={(refs) => p.onChange(refs.length ? refs : null)}
      max={p.config.maxItems}
      toRef={toRef}
    />
  );
});

function MultiExternalDisplay({ value }: DisplayProps<MultiExternalConfig>) {
  return (
    <span data-tenant-text>
      {asRefs(value)
        .map((r) => r.label)
        .join(', ')}
    </span>
  );
}

export const runtime = defineFieldRuntime({ manifest, Widget: MultiExternalWidget, Display: MultiExternalDisplay });
