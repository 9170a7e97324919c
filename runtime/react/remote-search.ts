import { useCallback, useContext } from 'react';
import { useFieldData } from './field-data';
import { FormRuntimeContext } from './form-context';
import type { ReferenceSearch } from './reference-picker';

/**
 * The search of a field that asks another system through the server (remote-lookup, multi-select-external): by
 * the field's name and the form's current values; `ready` is false where no host can ask (the designer's preview).
 */
export function useRemoteSearch(name: string | undefined): { search: ReferenceSearch; ready: boolean } {
  const data = useFieldData();
  const store = useContext(FormRuntimeContext);
  const search = useCallback<ReferenceSearch>(
    (text, _cursor, signal) =>
      data && name && store
        ? data.remote({ field: name, search: text, values: store.values }, signal)
        : Promise.resolve({ items: [], nextCursor: null }),
    [data, name, store],
  );
  return { search, ready: !!data && !!name };
}
