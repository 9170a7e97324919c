import { memo, useEffect, useState } from 'react';
import { HTMLSelect } from '@blueprintjs/core';
import type { WidgetProps } from '../../../runtime/react/contract';
import { useFieldData, type FieldDataSource } from '../../../runtime/react/field-data';
import { ChecksWidget, text } from '../../../runtime/react/widgets';
import type { DropdownConfig } from './manifest';

type Options = { value: string; label: string }[];

// One request per list and form host, shared by every dropdown on that list.
const loaded = new WeakMap<FieldDataSource, Map<string, Promise<Options>>>();
function optionsOf(data: FieldDataSource, listId: string): Promise<Options> {
  let byList = loaded.get(data);
  if (!byList) loaded.set(data, (byList = new Map()));
  let p = byList.get(listId);
  if (!p) {
    p = data.listOptions(listId, new AbortController().signal);
    p.catch(() => byList.delete(listId));
    byList.set(listId, p);
  }
  return p;
}

function useListOptions(listId: string, now: boolean): [Options | undefined, () => void] {
  const data = useFieldData();
  const [options, setOptions] = useState<Options>();
  const [wanted, setWanted] = useState(now);
  useEffect(() => {
    if (!wanted || !data) return;
    let live = true;
    optionsOf(data, listId).then(
      (o) => live && setOptions(o),
      () => live && setOptions([]),
    );
    return () => {
      live = false;
    };
  }, [wanted, data, listId]);
  return [options, () => setWanted(true)];
}

/**
 * A dropdown fed by a key-value list: a single choice loads the list when the user first reaches for it (a form
 * with many such dropdowns opens without a request); ticks of a multiple choice need it at once.
 */
export const ListOptionsWidget = memo(function ListOptionsWidget(p: WidgetProps<DropdownConfig>) {
  const [options, load] = useListOptions(p.config.listId!, p.config.multiple);
  if (p.config.multiple) return <ChecksWidget {...p} options={options ?? []} />;
  const current = text(p.value);
  const shown = options ?? (current ? [{ value: current, label: current }] : []);
  return (
    <HTMLSelect
      id={p.id}
      fill
      value={current}
      disabled={p.disabled}
      onFocus={load}
      onPointerDown={load}
      onChange={(e) => p.onChange(e.target.value === '' ? null : e.target.value)}
      onBlur={p.onBlur}
      options={[{ value: '', label: '—' }, ...shown]}
    />
  );
});
