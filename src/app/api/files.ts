import { api, call } from './client';

export interface StoredFile {
  key: string;
  fileName: string;
  size: number;
  contentType: string;
  url: string;
}

export const files = {
  upload: (list: File[]) => {
    const form = new FormData();
    for (const f of list) form.append('file', f, f.name);
    return call<StoredFile[]>(api.post('/form/AWSS3/Upload', form));
  },
  remove: (key: string) => call(api.post('/form/AWSS3/RemoveFileByKey', {}, { params: { key } })),
  /** A link that downloads with the access token in the query (images and anchors cannot send headers). */
  link: (key: string, token: string) =>
    `/api/form/AWSS3/GetFile?key=${encodeURIComponent(key)}&x-token=${encodeURIComponent(token)}`,
};
