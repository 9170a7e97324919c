import { memo, useCallback } from 'react';
import { InputGroup } from '@blueprintjs/core';
import type { RecordRef } from '../../../runtime/plugin-contract';
import type { WidgetProps } from '../../../runtime/react/contract';
import { useFieldData, type LookupItem } from '../../../runtime/react/field-data';
import {
  asRef,
  asRefs,
  ReferenceMultiSelect,
  ReferenceSuggest,
  type ReferenceSearch,
} from '../../../runtime/react/reference-picker';
import type { DropdownConfig } from './manifest';

const ns = 'field.dropdown';

/**
 * A dropdown fed by a reference dataset: searched on the server as the user types (a dataset may hold any number of
 * rows), nothing asked before the user opens it; the value keeps the row's key and the label it showed.
 */
export const DatasetOptionsWidget = memo(function DatasetOptionsWidget(p: WidgetProps<DropdownConfig>) {
  const data = useFieldData();
  const { datasetId, labelColumn } = p.config;
  const search = useCallback<ReferenceSearch>(
    (text, cursor, signal) =>
      data
        ? data.datasetOptions({ datasetId: datasetId!, labelColumn, search: text, cursor }, signal)
        : Promise.resolve({ items: [], nextCursor: null }),
    [data, datasetId, labelColumn],
  );
  const { onChange } = p;
  const onPick = useCallback((i: LookupItem | null) => onChange(i ? { id: i.id, label: i.label } : null), [onChange]);
  const onMany = useCallback((refs: RecordRef[]) => onChange(refs.length ? refs : null), [onChange]);
  const shared = { id: p.id, ns, search, disabled: p.disabled, invalid: p.invalid, onBlur: p.onBlur };
  if (!data) {
    const shown = p.config.multiple
      ? asRefs(p.value)
          .map((r) => r.label)
          .join(', ')
      : (asRef(p.value)?.label ?? '');
    return <InputGroup id={p.id} disabled value={shown} />;
  }
  return p.config.multiple ? (
    <ReferenceMultiSelect {...shared} value={asRefs(p.value)} onChange={onMany} max={200} />
  ) : (
    <ReferenceSuggest {...shared} value={asRef(p.value)} onPick={onPick} />
  );
});
