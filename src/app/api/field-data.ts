import { useMemo } from 'react';
import { api, call, currentToken, errorMessage } from './client';
import { files } from './files';
import type { FieldDataSource } from '../../../runtime/react/field-data';
import { govClientHeaders } from './gov-client';
import type { LookupPage } from '../../server/lookups/schemas';

type Options = { value: string; label: string }[];

/** Axios errors carry the server's message; widgets show it as it is. */
const plain = async <T>(p: Promise<T>): Promise<T> => {
  try {
    return await p;
  } catch (err) {
    throw new Error(errorMessage(err));
  }
};

/**
 * The record form's server data for one app (and the record being edited, whose version's form the server reads):
 * lookups search through RecordModuleLookup, list-fed dropdowns read the permissible list.
 */
export function useFieldDataSource(moduleId: string | undefined, recordId?: string): FieldDataSource | null {
  return useMemo(() => {
    if (!moduleId) return null;
    return {
      lookup: (q, signal) =>
        plain(
          call<LookupPage>(
            api.post(
              '/EntryModule/RecordModuleLookup',
              {
                moduleId,
                field: q.field,
                search: q.search,
                cursor: q.cursor,
                values: q.values,
                ...(recordId ? { recordId } : {}),
              },
              { signal },
            ),
          ),
        ),
      users: (q, signal) =>
        plain(
          call<LookupPage>(
            api.post(
              '/EntryModule/UserLookup',
              { search: q.search, cursor: q.cursor, ...(q.teamId ? { teamId: q.teamId } : {}) },
              { signal },
            ),
          ),
        ),
      remote: (q, signal) =>
        plain(
          call<LookupPage>(
            api.post(
              '/EntryModule/RemoteUrl',
              { moduleId, field: q.field, search: q.search, values: q.values, ...(recordId ? { recordId } : {}) },
              // The server uses these only for a field that sends fraud prevention headers.
              { signal, headers: govClientHeaders() },
            ),
          ),
        ),
      aggregate: (q, signal) =>
        call<{ value: number | null; count: number }>(
          api.post(
            '/EntryModule/AggregateLookup',
            { moduleId, field: q.field, ids: q.ids, ...(recordId ? { recordId } : {}) },
            { signal },
          ),
        ),
      datasetOptions: (q, signal) => plain(call<LookupPage>(api.post('/ReferenceDataEntry/options', q, { signal }))),
      files: {
        upload: async (q, on) => {
          const f = await plain(files.uploadFor({ moduleId, recordId, ...q }, on));
          return { key: f.key, fileName: f.fileName, size: f.size, contentType: f.contentType };
        },
        url: (key) => files.link(key, currentToken() ?? '', recordId),
        discard: async (key) => {
          await plain(files.remove(key));
        },
      },
      listOptions: (listId, signal) =>
        plain(
          call<{ options: Options }>(api.get('/permissible-list/dataset', { params: { id: listId }, signal })).then(
            (d) => d.options,
          ),
        ),
    };
  }, [moduleId, recordId]);
}
