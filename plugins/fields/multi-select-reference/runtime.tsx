import { memo, useCallback, useContext } from 'react';
import { InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { defineFieldRuntime, type DisplayProps, type WidgetProps } from '../../../runtime/react/contract';
import { useFieldData, type LookupItem } from '../../../runtime/react/field-data';
import { FormRuntimeContext } from '../../../runtime/react/form-context';
import { asRefs, ReferenceMultiSelect, type ReferenceSearch } from '../../../runtime/react/reference-picker';
import { manifest, type MultiReferenceConfig } from './manifest';

const ns = 'field.multi-select-reference';

/** Picks several records of another app: a tag for each, searched on the server like a lookup. */
const MultiReferenceWidget = memo(function MultiReferenceWidget(p: WidgetProps<MultiReferenceConfig>) {
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
  const value = asRefs(p.value);
  if (!data || !ready || !name)
    return (
      <InputGroup
        id={p.id}
        disabled
        value={value.map((r) => r.label).join(', ')}
        placeholder={ready ? t('placeholder') : t('notSet')}
      />
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
      detail={detail}
    />
  );
});

function MultiReferenceDisplay({ value }: DisplayProps<MultiReferenceConfig>) {
  return (
    <span data-tenant-text>
      {asRefs(value)
        .map((r) => r.label)
        .join(', ')}
    </span>
  );
}

export const runtime = defineFieldRuntime({ manifest, Widget: MultiReferenceWidget, Display: MultiReferenceDisplay });
