import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { audit } from '../audit/trail.js';
import { ok, typed, type ApiApp } from '../http/api.js';
import { badRequest, HttpError } from '../http/errors.js';
import {
  Base64Body,
  FileBytes,
  FileInfoAnswer,
  FileInfoQuery,
  GetFileQuery,
  MultipartFiles,
  RemoveParts,
  RemovedAnswer,
  UploadAnswer,
  UploadOneAnswer,
  UploadQuery,
} from './schemas.js';
import {
  cleanName,
  decodeBase64,
  fileInfo,
  disposition,
  FILES_PATH as P,
  MAX_FILES,
  openFile,
  removeFile,
  storeUpload,
  tooLarge,
  uploadRulesOf,
  type Files,
} from './service.js';
import { DownloadAuditWindow } from './download-audit.js';

const tags = ['files'];

/**
 * Attachments: uploads (multipart or base64) are sniffed and stored under a random key per tenant; downloads check
 * the tenant, the token (x-token query allowed) and the file's link to the record named, and are always
 * attachments with nosniff.
 */
export async function fileRoutes(app: ApiApp, files: Files) {
  const downloads = new DownloadAuditWindow();
  // The multipart parser lives only in this scope; the parts are read as a stream (MultipartFiles documents them).
  await app.register(async (plain) => {
    const scope = typed(plain);
    await scope.register(multipart, {
      // One byte over the limit: the upload's own meter refuses it first, with the field's or the tenant's message.
      limits: { fileSize: files.maxBytes + 1, files: MAX_FILES, fields: 20, parts: 40 },
      throwFileSizeLimit: true,
    });
    scope.post(
      `${P}/Upload`,
      {
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          querystring: UploadQuery,
          body: MultipartFiles,
          response: { 200: UploadAnswer },
        },
      },
      async (req) => {
        if (!req.isMultipart()) throw badRequest('Send the files as multipart/form-data.');
        const q = req.query;
        if (!q.moduleId !== !q.field) throw badRequest('Name both the app (moduleId) and its field, or neither.');
        const rules =
          q.moduleId && q.field
            ? await uploadRulesOf(req.tdb, req.user, { moduleId: q.moduleId, field: q.field, recordId: q.recordId })
            : undefined;
        const out = [];
        try {
          for await (const part of req.parts()) {
            if (part.type !== 'file') continue;
            out.push(await storeUpload(req.tdb, req.user, files, cleanName(part.filename), part.file, rules));
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
      const name = cleanName(b.fileName ?? b.name);
      return ok(await storeUpload(req.tdb, req.user, files, name, Readable.from([bytes])), 'Uploaded');
    },
  );

  app.get(
    `${P}/GetFile`,
    { config: { queryToken: true }, schema: { tags, querystring: GetFileQuery, response: { 200: FileBytes } } },
    async (req, reply) => {
      const { file, bytes } = await openFile(req.tdb, req.user, files, req.query.key, req.query.recordId);
      if (downloads.shouldRecord(req.tdb.tenantId, req.user.id, file.key))
        await audit(req.tdb, {
          action: 'file.download',
          targetType: 'file',
          targetId: file.key,
          targetLabel: file.file_name,
          details: { recordId: req.query.recordId ?? null, size: Number(file.size), contentType: file.content_type },
        });
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

  app.get(
    `${P}/FileInfo`,
    { schema: { tags, querystring: FileInfoQuery, response: { 200: FileInfoAnswer } } },
    async (req) => ok(await fileInfo(req.tdb, req.user, req.query.key, req.query.recordId)),
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
