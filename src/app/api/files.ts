import { api, call } from './client';
import type { FileInfo, Removed, StoredFile } from '../../server/files/schemas';

/** Shapes from the server's route schemas (one definition, types derived). */
export type { FileInfo, StoredFile } from '../../server/files/schemas';

export const files = {
  /** Name, type and size of a file the user may open (the record named for anyone but the uploader). */
  info: (key: string, recordId?: string) =>
    call<FileInfo>(api.get('/form/AWSS3/FileInfo', { params: { key, ...(recordId ? { recordId } : {}) } })),
  /**
   * One file for a field of an app, with upload progress; the server checks the field's upload rules. An aborted
   * upload rejects (axios CanceledError).
   */
  uploadFor: (
    q: { moduleId: string; recordId?: string; field: string; file: Blob; fileName: string },
    on: { progress?(loaded: number, total: number): void; signal?: AbortSignal },
  ) => {
    const form = new FormData();
    form.append('file', q.file, q.fileName);
    return call<StoredFile[]>(
      api.post('/form/AWSS3/Upload', form, {
        params: { moduleId: q.moduleId, field: q.field, ...(q.recordId ? { recordId: q.recordId } : {}) },
        signal: on.signal,
        onUploadProgress: (e) => on.progress?.(e.loaded, e.total ?? q.file.size),
      }),
    ).then(([f]) => f!);
  },
  upload: (list: File[]) => {
    const form = new FormData();
    for (const f of list) form.append('file', f, f.name);
    return call<StoredFile[]>(api.post('/form/AWSS3/Upload', form));
  },
  /** The uploader removes by key alone; anyone else names the record the file is attached to. */
  remove: (key: string, recordId?: string) =>
    call<Removed>(api.post('/form/AWSS3/RemoveFileByKey', {}, { params: { key, recordId } })),
  /**
   * A link that downloads with the access token in the query (images and anchors cannot send headers). Anyone but
   * the uploader opens a file through the record it is attached to: pass that record's id.
   */
  link: (key: string, token: string, recordId?: string) =>
    `/api/form/AWSS3/GetFile?key=${encodeURIComponent(key)}&x-token=${encodeURIComponent(token)}${
      recordId ? `&recordId=${encodeURIComponent(recordId)}` : ''
    }`,
};
