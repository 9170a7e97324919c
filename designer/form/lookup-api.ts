import { api, call } from '../../src/app/api/client';
import { govClientHeaders } from '../../src/app/api/gov-client';
import type { DesignerDataSource } from '../../runtime/react/designer/designer-data';
import type { LookupApp, LookupColumn, LookupTest, RemoteTest } from '../../src/server/lookups/schemas';
import type { KvList } from '../../src/server/keyvalue/schemas';
import type { Dataset } from '../../src/server/refdata/schemas';
import type { Assignee } from '../../src/server/workflows/schemas';

const once = new Map<string, Promise<unknown>>();
/** The designer asks each thing once per page; a failed answer is asked again next time. */
function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  let p = once.get(key) as Promise<T> | undefined;
  if (!p) {
    p = load();
    p.catch(() => once.delete(key));
    once.set(key, p);
  }
  return p;
}

/** The form designer's tenant data for plugin settings (apps and fields to look up, key-value lists). */
export function designerDataSource(): DesignerDataSource {
  once.clear();
  return {
    apps: () => cached('apps', () => call<LookupApp[]>(api.get('/form/Editor/ModuleLookup'))),
    columns: (moduleId) =>
      cached(`columns:${moduleId}`, () =>
        call<LookupColumn[]>(api.get('/form/Editor/ColumnLookup', { params: { moduleId } })),
      ),
    teams: () =>
      cached('teams', () =>
        call<Assignee[]>(api.get('/form/Editor/LookupAssignee')).then((all) => all.filter((a) => a.type === 'team')),
      ),
    testLookup: (settings, search) =>
      call<LookupTest>(api.post('/form/Editor/ModuleLookup/test', { settings, search })),
    testRemote: (settings, search) =>
      call<RemoteTest>(api.post('/form/Editor/RemoteUrl/test', { settings, search }, { headers: govClientHeaders() })),
    keyValueLists: () => cached('kv', () => call<KvList[]>(api.get('/form/ListKeyValue/getList'))),
    securityHeaders: () =>
      cached('security-headers', () =>
        call<{ data: { id: string; name: string; kind: string }[] }>(
          api.post('/dataconnector/securityheader/datatables', { page: 1, length: 1000 }),
        ).then((p) => p.data),
      ),
    datasets: () => cached('datasets', () => call<Dataset[]>(api.get('/ReferenceData/ListDataset'))),
  };
}
