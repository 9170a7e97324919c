import { api, call } from '../../../api/client';
import type { HintsBody, JobView } from '../../../../server/ocr/schemas';

export type { JobView, OcrSettings } from '../../../../server/ocr/schemas';

/** The OCR calls of the record form's panel (server: src/server/ocr). */
export const ocrApi = {
  upload: (moduleId: string, file: File, language: string, progress: (share: number) => void) => {
    const form = new FormData();
    form.append('moduleId', moduleId);
    form.append('language', language);
    form.append('file', file, file.name);
    return call<{ jobId: string }>(
      api.post('/ocr/upload', form, { onUploadProgress: (e) => progress(e.loaded / (e.total ?? file.size)) }),
    );
  },
  job: (jobId: string) => call<JobView>(api.get(`/ocr/getresponsebyid/${jobId}`)),
  /** A page image of a job (`pageImages` holds their addresses under /api). */
  pageImage: async (url: string) => (await api.get<Blob>(url.replace(/^\/api/, ''), { responseType: 'blob' })).data,
  hints: (moduleId: string, body: HintsBody) => call<{ saved: number }>(api.post(`/ocr/hints/${moduleId}`, body)),
};
