import { memo, useCallback } from 'react';
import { InputGroup } from '@blueprintjs/core';
import type { WidgetProps } from '../../../runtime/react/contract';
import { useFieldData, type LookupItem } from '../../../runtime/react/field-data';
import { asRef, ReferenceSuggest, type ReferenceSearch } from '../../../runtime/react/reference-picker';
import type { UserConfig } from './manifest';

const ns = 'field.user';
const email = (i: LookupItem) => String(i.values.email ?? '');

/** Picks one colleague by name, username or email; the list is searched on the server, page by page. */
export const UserWidget = memo(function UserWidget(p: WidgetProps<UserConfig>) {
  const data = useFieldData();
  const teamId = p.config.teamId || undefined;
  const search = useCallback<ReferenceSearch>(
    (text, cursor, signal) =>
      data ? data.users({ search: text, cursor, teamId }, signal) : Promise.resolve({ items: [], nextCursor: null }),
    [data, teamId],
  );
  const { onChange } = p;
  const onPick = useCallback((i: LookupItem | null) => onChange(i ? { id: i.id, label: i.label } : null), [onChange]);
  const value = asRef(p.value);
  if (!data) return <InputGroup id={p.id} disabled value={value?.label ?? ''} />;
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
      detail={email}
    />
  );
});
