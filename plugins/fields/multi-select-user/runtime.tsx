import { memo, useCallback } from 'react';
import { InputGroup } from '@blueprintjs/core';
import { defineFieldRuntime, type DisplayProps, type WidgetProps } from '../../../runtime/react/contract';
import { useFieldData, type LookupItem } from '../../../runtime/react/field-data';
import { asRefs, ReferenceMultiSelect, type ReferenceSearch } from '../../../runtime/react/reference-picker';
import { manifest, type MultiUserConfig } from './manifest';

const ns = 'field.multi-select-user';
const email = (i: LookupItem) => String(i.values.email ?? '');

/** Picks several colleagues: a tag for each, searched on the server by name, username or email. */
const MultiUserWidget = memo(function MultiUserWidget(p: WidgetProps<MultiUserConfig>) {
  const data = useFieldData();
  const teamId = p.config.teamId || undefined;
  const search = useCallback<ReferenceSearch>(
    (text, cursor, signal) =>
      data ? data.users({ search: text, cursor, teamId }, signal) : Promise.resolve({ items: [], nextCursor: null }),
    [data, teamId],
  );
  const value = asRefs(p.value);
  if (!data) return <InputGroup id={p.id} disabled value={value.map((r) => r.label).join(', ')} />;
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
      detail={email}
    />
  );
});

function MultiUserDisplay({ value }: DisplayProps<MultiUserConfig>) {
  return (
    <span data-tenant-text>
      {asRefs(value)
        .map((r) => r.label)
        .join(', ')}
    </span>
  );
}

export const runtime = defineFieldRuntime({ manifest, Widget: MultiUserWidget, Display: MultiUserDisplay });
