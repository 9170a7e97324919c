import { Envelope, Id, StringEnum, Type, type Static } from '../../../schemas/api/common.js';
import { OcrMappedField, OcrPage } from '../../../schemas/api/ocr.js';
import { OcrProvider } from '../apps/ocr/schemas.js';

/** Upload (multipart/form-data): one `file` part (PNG, JPEG, TIFF, WebP or a PDF with a text layer) and `moduleId`. */
export const UploadParts = Type.Object({
  file: Type.Optional(Type.Unsafe<unknown>({ description: 'The document (binary)' })),
  moduleId: Type.Optional(Type.Unsafe<unknown>({ description: 'The app whose form the document fills' })),
  language: Type.Optional(Type.Unsafe<unknown>({ description: 'en, de, es, fr, ja or zh (default en)' })),
});

export const JobStarted = Type.Object({ jobId: Type.String() });
export const UploadAnswer = Envelope(JobStarted);

export const JobStatus = StringEnum(['queued', 'running', 'done', 'failed'] as const);

/** A job as its owner sees it: the pages once read, the app's fields mapped from them, and the page image's URL. */
export const JobView = Type.Object({
  jobId: Type.String(),
  moduleId: Type.String(),
  providerId: Type.String(),
  status: JobStatus,
  message: Type.Union([Type.String(), Type.Null()]),
  fileName: Type.String(),
  pages: Type.Array(OcrPage),
  fields: Type.Array(OcrMappedField),
  imageUrl: Type.Union([Type.String(), Type.Null()]),
  /** Each page's image as the server drew or kept it (a PDF's pages, or the uploaded scan), in page order. */
  pageImages: Type.Array(Type.String()),
  createdOn: Type.String(),
  finishedOn: Type.Union([Type.String(), Type.Null()]),
});
export type JobView = Static<typeof JobView>;
export const JobAnswer = Envelope(JobView);

export const ImageBytes = {
  description: 'The page image as uploaded (nosniff)',
  content: { 'image/png': { schema: Type.Unsafe<unknown>({ type: 'string', format: 'binary' }) } },
};

/** Whether the app's form reads documents for this user: its provider when it has one and the user may create. */
export const SettingsParams = Type.Object({ moduleId: Id });
export const OcrSettings = Type.Object({
  providerId: Type.Union([Type.String(), Type.Null()]),
  providerName: Type.Union([Type.String(), Type.Null()]),
  maxBytes: Type.Integer(),
  /** Whether the app has machine-learning services, so the form loads its value suggestions. */
  suggest: Type.Boolean(),
});
export type OcrSettings = Static<typeof OcrSettings>;
export const SettingsAnswer = Envelope(OcrSettings);

export const HintsParams = Type.Object({ moduleId: Id });
/** Corrections of one of the user's jobs (the mapping rules' shape: field, kept value, page and box). */
export { HintsBody, HintsAnswer } from '../ocr-rules/schemas.js';

/** A provider with what a tenant needs to know to use it. */
export const ProviderView = Type.Object({
  ...OcrProvider.properties,
  languages: Type.Array(Type.String()),
  needsToken: Type.Boolean(),
  hasToken: Type.Boolean(),
});
export type ProviderView = Static<typeof ProviderView>;
export const ProviderQuery = Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }) });
export const ProviderAnswer = Envelope(ProviderView);

/** The provider's API token (and, for providers that need one, the address of the tenant's processor). */
export const TokenBody = Type.Object({
  providerId: Type.String({ minLength: 1, maxLength: 100 }),
  token: Type.String({ maxLength: 4000 }),
  endpoint: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type TokenBody = Static<typeof TokenBody>;
export const TokenAnswer = Envelope(Type.Object({ providerId: Type.String(), hasToken: Type.Boolean() }));

/** Which page's image `getimage` answers (the first when not given). */
export const ImagePageQuery = Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })) });
export type ImagePageQuery = Static<typeof ImagePageQuery>;
