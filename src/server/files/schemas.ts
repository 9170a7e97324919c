import { Envelope, Id, Type, type Static } from '../../../schemas/api/common.js';

/** A stored file as the upload answers it; `url` downloads it (with a token, and a recordId for anyone else). */
export const StoredFile = Type.Object({
  key: Type.String(),
  fileName: Type.String(),
  size: Type.Integer(),
  contentType: Type.String(),
  url: Type.String(),
});
export type StoredFile = Static<typeof StoredFile>;

/** A file key as the client sends it; anything but a generated key is "not found", never a 400 that probes keys. */
const Key = Type.String({ maxLength: 200 });

/**
 * Upload (multipart/form-data): every file part is stored, whatever its name; the parts are read as a stream, so
 * this schema documents the body and checks nothing (at most 10 files, each within the size limit).
 */
export const MultipartFiles = Type.Object({
  file: Type.Optional(Type.Unsafe<unknown>({ description: 'One part per file (binary), at most 10' })),
});

/**
 * Upload's query: an upload for a field of a form names the app and the field (and the record being edited, whose
 * version's form applies); the field's upload rules (types, size) are then enforced.
 */
export const UploadQuery = Type.Object({
  moduleId: Type.Optional(Id),
  field: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  recordId: Type.Optional(Id),
});

/** UploadBase64: the bytes in `base64` (`data` and `file` are accepted too), as a data URL or bare base64. */
export const Base64Body = Type.Object({
  fileName: Type.Optional(Type.String({ maxLength: 1000 })),
  name: Type.Optional(Type.String({ maxLength: 1000 })),
  // No maxLength: the route's body limit bounds these, and ajv would count every character of a large file.
  base64: Type.Optional(Type.String()),
  data: Type.Optional(Type.String()),
  file: Type.Optional(Type.String()),
});
export type Base64Body = Static<typeof Base64Body>;

/**
 * GetFile: the uploader needs only the key; anyone else names the record the file is attached to. `x-token` is the
 * access token for links that cannot send headers (images, anchors).
 */
export const GetFileQuery = Type.Object({
  key: Key,
  recordId: Type.Optional(Id),
  'x-token': Type.Optional(Type.String({ maxLength: 4000 })),
});
export type GetFileQuery = Static<typeof GetFileQuery>;

/** RemoveFileByKey takes the key (and the record, for anyone but the uploader) in the query or the body. */
export const RemoveParts = Type.Object({ key: Type.Optional(Key), recordId: Type.Optional(Id) });
export type RemoveParts = Static<typeof RemoveParts>;

export const Removed = Type.Object({ key: Type.String() });
export type Removed = Static<typeof Removed>;

/** FileInfo: what the permalink page shows before the download (same access check as GetFile). */
export const FileInfo = Type.Object({
  key: Type.String(),
  fileName: Type.String(),
  size: Type.Integer(),
  contentType: Type.String(),
  uploadedOn: Type.String(),
});
export type FileInfo = Static<typeof FileInfo>;
export const FileInfoQuery = Type.Object({ key: Key, recordId: Type.Optional(Id) });
export const FileInfoAnswer = Envelope(FileInfo);

export const UploadAnswer = Envelope(Type.Array(StoredFile));
export const UploadOneAnswer = Envelope(StoredFile);
export const RemovedAnswer = Envelope(Removed);
/** The file's bytes (a stream, never serialized), as an attachment with the type its content was sniffed as. */
export const FileBytes = {
  description: 'The file, as an attachment (Content-Disposition) with nosniff',
  content: { 'application/octet-stream': { schema: Type.Unsafe<unknown>({ type: 'string', format: 'binary' }) } },
};
