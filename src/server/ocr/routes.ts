import multipart from '@fastify/multipart';
import { ok, typed, type ApiApp } from '../http/api.js';
import { HttpError, badRequest } from '../http/errors.js';
import { rolesOf } from '../access/index.js';
import { IdParams } from '../../../schemas/api/common.js';
import type { OcrEngine } from './engine.js';
import {
  HintsAnswer,
  HintsBody,
  HintsParams,
  ImageBytes,
  ImagePageQuery,
  JobAnswer,
  ProviderAnswer,
  SettingsAnswer,
  SettingsParams,
  ProviderQuery,
  TokenAnswer,
  TokenBody,
  UploadAnswer,
  UploadParts,
} from './schemas.js';
import {
  OCR_LIMITS,
  jobImage,
  jobView,
  ocrSettings,
  providerByName,
  saveHints,
  startJob,
  updateToken,
} from './service.js';

const tags = ['ocr'];
const tooLarge = () => new HttpError(413, `The file is larger than ${OCR_LIMITS.maxBytes >> 20} MB.`);

/** Reads the multipart upload: the file into memory (bounded) and the text fields. */
async function readUpload(parts: AsyncIterableIterator<import('@fastify/multipart').Multipart>) {
  const fields: Record<string, string> = {};
  let file: { name: string; bytes: Buffer } | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (file) throw badRequest('Send one document at a time.');
        file = { name: (part.filename || 'document').slice(0, 200), bytes };
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw badRequest('Send one document at a time.');
    throw err;
  }
  return { fields, file };
}

/** OCR: upload a document for an app's form, follow its job, see its page image, keep corrections as hints. */
export async function ocrRoutes(app: ApiApp, engine: OcrEngine, key: Buffer) {
  await app.register(async (plain) => {
    const scope = typed(plain);
    await scope.register(multipart, {
      limits: { fileSize: OCR_LIMITS.maxBytes, files: 2, fields: 10, parts: 12 },
      throwFileSizeLimit: true,
    });
    scope.post(
      '/api/ocr/upload',
      { schema: { tags, consumes: ['multipart/form-data'], body: UploadParts, response: { 200: UploadAnswer } } },
      async (req) => {
        if (!req.isMultipart()) throw badRequest('Send the document as multipart/form-data.');
        const { fields, file } = await readUpload(req.parts());
        if (!fields.moduleId) throw badRequest('moduleId is required.');
        if (!file) throw badRequest('No file was sent.');
        return ok(
          await startJob(req.tdb, req.user, engine, {
            moduleId: fields.moduleId,
            fileName: file.name,
            bytes: file.bytes,
            language: fields.language || undefined,
            allowPrivate: req.tenant.allow_private_egress === 1,
          }),
        );
      },
    );
  });

  app.get(
    '/api/ocr/settings/:moduleId',
    { schema: { tags, params: SettingsParams, response: { 200: SettingsAnswer } } },
    async (req) => ok(await ocrSettings(req.tdb, req.user, req.params.moduleId)),
  );

  app.get(
    '/api/ocr/getresponsebyid/:id',
    { schema: { tags, params: IdParams, response: { 200: JobAnswer } } },
    async (req) => ok(await jobView(req.tdb, req.user, req.params.id)),
  );

  app.get(
    '/api/ocr/getimage/:id',
    {
      config: { queryToken: true },
      schema: { tags, params: IdParams, querystring: ImagePageQuery, response: { 200: ImageBytes } },
    },
    async (req, reply) => {
      const { bytes, contentType } = await jobImage(req.tdb, req.user, engine, req.params.id, req.query.page);
      return reply
        .header('content-type', contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .send(bytes);
    },
  );

  app.post(
    '/api/ocr/hints/:moduleId',
    { schema: { tags, params: HintsParams, body: HintsBody, response: { 200: HintsAnswer } } },
    async (req) => ok(await saveHints(req.tdb, req.user, req.params.moduleId, req.body), 'Saved'),
  );

  app.get(
    '/api/ocrprovider/getbyname',
    { schema: { tags, querystring: ProviderQuery, response: { 200: ProviderAnswer } } },
    async (req) => ok(await providerByName(req.tdb, req.query.name)),
  );

  app.patch(
    '/api/ocrprovider/update/token',
    { config: { roles: rolesOf('admins') }, schema: { tags, body: TokenBody, response: { 200: TokenAnswer } } },
    async (req) => ok(await updateToken(req.tdb, req.user, key, req.body), 'Saved'),
  );
}
