import { memo, useCallback, useContext, useState } from 'react';
import { InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { RecordRef } from '../../../runtime/plugin-contract';
import { defineFieldRuntime, type WidgetProps } from '../../../runtime/react/contract';
import { useFieldData, type LookupItem } from '../../../runtime/react/field-data';
import { FormRuntimeContext } from '../../../runtime/react/form-context';
import { ReferenceSuggest, type ReferenceSearch } from '../../../runtime/react/reference-picker';
import { manifest, type PullDataConfig } from './manifest';

const ns = 'field.pull-data';

/** Picks a record and copies its values into this form's fields; the pick itself is not kept. */
const PullDataWidget = memo(function PullDataWidget(p: WidgetProps<PullDataConfig>) {
  const { t } = useTranslation(ns);
  const data = useFieldData();
  const store = useContext(FormRuntimeContext);
  const [from, setFrom] = useState<RecordRef | null>(null);
  const ready = !!manifest.recordSource?.(p.config);
  const name = p.name;
  const search = useCallback<ReferenceSearch>(
    (text, cursor, signal) =>
      data && name && store
        ? data.lookup({ field: name, search: text, cursor, values: store.values }, signal)
        : Promise.resolve({ items: [], nextCursor: null }),
    [data, name, store],
  );
  const flow = p.config.flowToLookUp;
  const onPick = useCallback(
    (item: LookupItem | null) => {
      setFrom(item ? { id: item.id, label: item.label } : null);
      if (item) for (const f of flow ?? []) store?.change(f.to, item.values[f.from] ?? null);
    },
    [flow, store],
  );
  if (!data || !ready || !name)
    return <InputGroup id={p.id} disabled placeholder={ready ? t('placeholder') : t('notSet')} />;
  return (
    <ReferenceSuggest
      id={p.id}
      ns={ns}
      search={search}
      disabled={p.disabled}
      invalid={false}
      onBlur={p.onBlur}
      value={from}
      onPick={onPick}
    />
  );
});

export const runtime = defineFieldRuntime({ manifest, Widget: PullDataWidget, Display: () => null });
