import multipart from '@fastify/multipart';
import { ok, type ApiApp } from '../http/api.js';
import { badRequest, HttpError } from '../http/errors.js';
import {
  Base64Body,
  FileBytes,
  GetFileQuery,
  MultipartFiles,
  RemoveParts,
  RemovedAnswer,
  UploadAnswer,
  UploadOneAnswer,
} from './schemas.js';
import {
  cleanName,
  decodeBase64,
  disposition,
  FILES_PATH as P,
  MAX_FILES,
  openFile,
  removeFile,
  storeUpload,
  tooLarge,
  type Files,
} from './service.js';

const tags = ['files'];

/**
 * Attachments: uploads (multipart or base64) are sniffed and stored under a random key per tenant; downloads check
 * the tenant, the token (x-token query allowed) and the file's link to the record named, and are always
 * attachments with nosniff.
 */
export async function fileRoutes(app: ApiApp, files: Files) {
  // The multipart parser lives only in this scope; the parts are read as a stream (MultipartFiles documents them).
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: files.maxBytes, files: MAX_FILES, fields: 20, parts: 40 },
      throwFileSizeLimit: true,
    });
    scope.post(
      `${P}/Upload`,
      { schema: { tags, consumes: ['multipart/form-data'], body: MultipartFiles, response: { 200: UploadAnswer } } },
      async (req) => {
        if (!req.isMultipart()) throw badRequest('Send the files as multipart/form-data.');
        const out = [];
        try {
          for await (const part of req.parts()) {
            if (part.type !== 'file') continue;
            out.push(await storeUpload(req.tdb, req.user, files, cleanName(part.filename), await part.toBuffer()));
          }
        } catch (err) {
          const code = (err as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(files);
          if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
            throw new HttpError(413, `At most ${MAX_FILES} files at once.`);
          throw err;
        }
        if (!out.length) throw badRequest('No file was sent.');
        return ok(out, 'Uploaded');
      },
    );
  });

  app.post(
    `${P}/UploadBase64`,
    {
      bodyLimit: Math.ceil(files.maxBytes * 1.4) + 4096,
      schema: { tags, body: Base64Body, response: { 200: UploadOneAnswer } },
    },
    async (req) => {
      const b = req.body;
      const bytes = decodeBase64(b.base64 ?? b.data ?? b.file);
      return ok(await storeUpload(req.tdb, req.user, files, cleanName(b.fileName ?? b.name), bytes), 'Uploaded');
    },
  );

  app.get(
    `${P}/GetFile`,
    { config: { queryToken: true }, schema: { tags, querystring: GetFileQuery, response: { 200: FileBytes } } },
    async (req, reply) => {
      const { file, bytes } = await openFile(req.tdb, req.user, files, req.query.key, req.query.recordId);
      return reply
        .header('content-type', file.content_type)
        .header('content-length', file.size)
        .header('content-disposition', disposition(file.file_name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );

  app.post(
    `${P}/RemoveFileByKey`,
    { schema: { tags, body: RemoveParts, querystring: RemoveParts, response: { 200: RemovedAnswer } } },
    async (req) =>
      ok(
        await removeFile(
          req.tdb,
          req.user,
          files,
          req.query.key ?? req.body.key,
          req.query.recordId ?? req.body.recordId,
        ),
        'File removed',
      ),
  );
}
