import { createContext, useContext, useEffect, useState } from 'react';
import type { LookupSettings } from '../../lookup-source';
import type { RemoteSettings } from '../../remote-source';
import type { LookupItem } from '../field-data';

/**
 * Tenant data some plugin settings choose from, provided by the form designer's page (it has the API); without a
 * provider (tests, other hosts) the lists are empty.
 */
export interface DesignerDataSource {
  /** Published apps a lookup may pick records from. */
  apps(): Promise<{ id: string; name: string }[]>;
  /** The fields of such an app that its lists may show. */
  columns(moduleId: string): Promise<{ name: string; label: string; kind: string }[]>;
  /** Teams of the tenant (a user picker may offer one team's members only). */
  teams(): Promise<{ id: string; name: string }[]>;
  /** Runs lookup settings not saved yet as the designer: the request as the server runs it, and its first page. */
  testLookup(
    settings: LookupSettings,
    search: string,
  ): Promise<{ request: Record<string, unknown>; answer: { items: LookupItem[]; nextCursor: string | null } }>;
  /** Calls another system with remote lookup settings not saved yet: the request as sent and what came back. */
  testRemote(
    settings: RemoteSettings,
    search: string,
  ): Promise<{ request: Record<string, unknown>; status: number; items: LookupItem[] }>;
  /** Key-value lists a dropdown may take its options from. */
  keyValueLists(): Promise<{ id: string; key_name: string }[]>;
  /** Security headers (named credential sets) a remote request may send; their secrets stay on the server. */
  securityHeaders(): Promise<{ id: string; name: string; kind: string }[]>;
  /** Reference datasets a dropdown may take its options from, with their columns. */
  datasets(): Promise<{ id: string; name: string; keyColumn: string; columns: { key: string; label: string }[] }[]>;
}

export const DesignerDataContext = createContext<DesignerDataSource | null>(null);

/** What `load` answers from the host's data (undefined while loading, without a host, or when `skip`). */
export function useDesignerData<T>(
  load: (d: DesignerDataSource) => Promise<T>,
  key: string,
  skip = false,
): T | undefined {
  const data = useContext(DesignerDataContext);
  const [state, setState] = useState<{ key: string; value: T }>();
  useEffect(() => {
    if (!data || skip) return;
    let live = true;
    load(data).then(
      (value) => live && setState({ key, value }),
      () => undefined,
    );
    return () => {
      live = false;
    };
    // `load` is rebuilt on every render; `key` names what it loads.
  }, [data, key, skip]);
  return state?.key === key ? state.value : undefined;
}
