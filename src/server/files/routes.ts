import crypto from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { AppContext } from '../context.js';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors.js';
import { recordDetail } from '../records/detail.js';
import { checkName, sniff } from './sniff.js';
import { diskStore, KEY_RE, newKey, type FileStore } from './store.js';

const P = '/api/form/AWSS3';
/** Largest file accepted (bytes); FILE_MAX_BYTES overrides. */
export const fileLimit = () => Number(process.env.FILE_MAX_BYTES ?? 10 * 1024 * 1024);
const MAX_FILES = 10;

/**
 * The uploader and administrators may download a file; anyone else only through a record they may open
 * (`recordId`), whose answer under their step's permissions still holds the key, so a file in a hidden field
 * stays closed.
 */
async function mayDownload(req: FastifyRequest, ownerId: string, key: string): Promise<boolean> {
  const u = req.user;
  if (u.id === ownerId || u.isAdministrator || u.isSysAdmin) return true;
  const recordId = (req.query as { recordId?: unknown }).recordId;
  if (typeof recordId !== 'string' || !recordId) return false;
  try {
    const detail = await recordDetail(req.tdb, u, recordId);
    return JSON.stringify(detail.data).includes(key);
  } catch {
    return false;
  }
}

const cleanName = (n: unknown) => {
  const base = path.basename(String(n ?? '').replace(/\\/g, '/'));
  const safe = [...base].map((c) => (c.charCodeAt(0) < 32 || '"<>|:*?'.includes(c) ? '_' : c)).join('');
  return safe.trim().slice(0, 200) || 'file';
};

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266). */
const disposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

const tooLarge = () =>
  new HttpError(413, `The file is too large (at most ${Math.floor(fileLimit() / 1024 / 1024)} MB).`);

/**
 * Files for attachments: uploads (multipart or base64) are sniffed and stored under a random key per tenant;
 * downloads check the tenant and the token (x-token query allowed) and are always attachments with nosniff.
 */
export async function fileRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  store: FileStore = diskStore(path.join(ctx.config.dataDir, 'files')),
) {
  async function save(req: FastifyRequest, fileName: string, bytes: Buffer) {
    if (!bytes.length) throw badRequest('The file is empty.');
    if (bytes.length > fileLimit()) throw tooLarge();
    const sniffed = sniff(bytes);
    const refused = checkName(fileName, sniffed);
    if (refused) throw new HttpError(415, refused);
    const key = newKey();
    await store.put(req.tdb.tenantId, key, bytes);
    const row = {
      key,
      owner_id: req.user.id,
      file_name: fileName,
      content_type: sniffed.type,
      size: bytes.length,
      sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
      created_on: new Date().toISOString(),
    };
    await req.tdb.insertInto('files', row).execute();
    return { key, fileName, size: row.size, contentType: row.content_type, url: `${P}/GetFile?key=${key}` };
  }

  // The multipart parser lives only in this scope.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: fileLimit(), files: MAX_FILES, fields: 20, parts: 40 },
      throwFileSizeLimit: true,
    });
    scope.post(`${P}/Upload`, async (req) => {
      if (!req.isMultipart()) throw badRequest('Send the files as multipart/form-data.');
      const out = [];
      try {
        for await (const part of req.parts()) {
          if (part.type !== 'file') continue;
          out.push(await save(req, cleanName(part.filename), await part.toBuffer()));
        }
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
          throw new HttpError(413, `At most ${MAX_FILES} files at once.`);
        throw err;
      }
      if (!out.length) throw badRequest('No file was sent.');
      return { success: true, message: 'Uploaded', data: out };
    });
  });

  app.post(`${P}/UploadBase64`, { bodyLimit: Math.ceil(fileLimit() * 1.4) + 4096 }, async (req) => {
    const b = (req.body ?? {}) as {
      fileName?: unknown;
      name?: unknown;
      base64?: unknown;
      data?: unknown;
      file?: unknown;
    };
    const raw = b.base64 ?? b.data ?? b.file;
    if (typeof raw !== 'string' || !raw) throw badRequest('base64 is required.');
    const body = raw.replace(/^data:[^;,]*(;base64)?,/, '');
    if (!/^[A-Za-z0-9+/=_\-\s]*$/.test(body)) throw badRequest('base64 is not valid.');
    return {
      success: true,
      message: 'Uploaded',
      data: await save(req, cleanName(b.fileName ?? b.name), Buffer.from(body, 'base64')),
    };
  });

  app.get(`${P}/GetFile`, { config: { queryToken: true } }, async (req, reply) => {
    const key = String((req.query as { key?: unknown }).key ?? '');
    if (!KEY_RE.test(key)) throw notFound('File not found');
    const f = await req.tdb.selectFrom('files').selectAll().where('key', '=', key).executeTakeFirst();
    if (!f) throw notFound('File not found');
    if (!(await mayDownload(req, f.owner_id, key))) throw notFound('File not found');
    const stream = await store.get(req.tdb.tenantId, key);
    if (!stream) throw notFound('File not found');
    return reply
      .header('content-type', f.content_type)
      .header('content-length', f.size)
      .header('content-disposition', disposition(f.file_name))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .send(stream);
  });

  app.post(`${P}/RemoveFileByKey`, async (req) => {
    const key = String((req.query as { key?: unknown }).key ?? (req.body as { key?: unknown } | undefined)?.key ?? '');
    if (!KEY_RE.test(key)) throw notFound('File not found');
    const f = await req.tdb.selectFrom('files').select(['key', 'owner_id']).where('key', '=', key).executeTakeFirst();
    if (!f) throw notFound('File not found');
    if (f.owner_id !== req.user.id && !req.user.isAdministrator && !req.user.isSysAdmin)
      throw forbidden('Only the person who uploaded this file can remove it.');
    await req.tdb.deleteFrom('files').where('key', '=', key).execute();
    await store.remove(req.tdb.tenantId, key);
    return { success: true, message: 'File removed', data: { key } };
  });
}
