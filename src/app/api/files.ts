import { api, call } from './client';
import type { Removed, StoredFile } from '../../server/files/schemas';

/** Shapes from the server's route schemas (one definition, types derived). */
export type { StoredFile } from '../../server/files/schemas';

export const files = {
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
