import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Selectable } from 'kysely';
import type { FilesTable } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser } from '../identity/user-info.js';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors.js';
import { recordDetail } from '../records/detail.js';
import { deleteFile, fileByKey, insertFile, linkedFields, tenantBytes } from './queries.js';
import { ingest } from './ingest.js';
import { accepts, type UploadRules } from '../../../runtime/file-value.js';
import { formFieldFor } from '../records/form-field.js';
import { fileKeysIn } from './links.js';
import type { FileInfo, StoredFile } from './schemas.js';
import { checkName, sniff } from './sniff.js';
import { KEY_RE, newKey, type FileStore } from './store.js';

export const FILES_PATH = '/api/form/AWSS3';
/** Files of one multipart upload at most. */
export const MAX_FILES = 10;

/** Where the bytes live, how large one file may be and all of an organisation's files together. */
export interface Files {
  store: FileStore;
  maxBytes: number;
  tenantMaxBytes: number;
  /**
   * The virus-scan hook: called once the bytes are stored and before the file exists for anyone; a message refuses
   * the upload (422) and the bytes are removed. None is installed by default.
   */
  scan?(file: {
    tenantId: string;
    key: string;
    fileName: string;
    contentType: string;
    size: number;
  }): Promise<string | undefined>;
}

/** A limit as people read it: whole GB, MB or KB. */
function mb(n: number): string {
  const [v, unit] = n >= 1024 ** 3 ? [n / 1024 ** 3, 'GB'] : n >= 1024 ** 2 ? [n / 1024 ** 2, 'MB'] : [n / 1024, 'KB'];
  return `${Math.max(1, Math.floor(v)).toLocaleString('en')} ${unit}`;
}
export const tooLarge = (f: Files | number) =>
  new HttpError(413, `The file is too large (at most ${mb(typeof f === 'number' ? f : f.maxBytes)}).`);
const storageFull = (f: Files) =>
  new HttpError(413, `The organisation's file storage is full (at most ${mb(f.tenantMaxBytes)}).`);

/** The upload rules of a form's field, which must be a field that holds files. */
export async function uploadRulesOf(
  tdb: TenantDb,
  user: AuthUser,
  q: { moduleId: string; field: string; recordId?: string },
): Promise<UploadRules> {
  const f = await formFieldFor(tdb, user, q.moduleId, q.field, q.recordId);
  const rules = f?.manifest.uploadRules?.(f.config as never);
  if (!rules) throw badRequest(`'${q.field}' does not hold files.`);
  return rules;
}

/** A file name safe to store and to put in a header: no folders, no control or reserved characters. */
export function cleanName(n: unknown): string {
  const base = path.basename(String(n ?? '').replace(/\\/g, '/'));
  const safe = [...base].map((c) => (c.charCodeAt(0) < 32 || '"<>|:*?'.includes(c) ? '_' : c)).join('');
  return safe.trim().slice(0, 200) || 'file';
}

/**
 * Streams one upload into the store under a new random key of the user's tenant: sniffed from its first bytes,
 * checked against the field's rules when the upload names one, counted against the file and organisation limits as
 * it flows. Nothing is kept of a refused upload.
 */
export async function storeUpload(
  tdb: TenantDb,
  user: AuthUser,
  files: Files,
  fileName: string,
  source: AsyncIterable<Buffer | Uint8Array>,
  rules?: UploadRules,
): Promise<StoredFile> {
  const fileMax = Math.min(files.maxBytes, rules?.maxBytes ?? Infinity);
  const room = files.tenantMaxBytes - (await tenantBytes(tdb));
  if (room <= 0) throw storageFull(files);
  const limit = Math.min(fileMax, room);
  const upload = await ingest(source, limit, () => (room < fileMax ? storageFull(files) : tooLarge(fileMax)));
  if (!upload.head.length) throw badRequest('The file is empty.');
  const sniffed = sniff(upload.head);
  const refused = checkName(fileName, sniffed);
  if (refused) throw new HttpError(415, refused);
  if (rules && !accepts(rules, fileName, sniffed.type))
    throw new HttpError(415, `This field accepts only ${rules.accept.join(', ')} files.`);
  const key = newKey();
  await files.store.put(tdb.tenantId, key, upload.body);
  const { size, sha256 } = upload.result();
  const infected = await files.scan?.({ tenantId: tdb.tenantId, key, fileName, contentType: sniffed.type, size });
  if (infected) {
    await files.store.remove(tdb.tenantId, key);
    throw new HttpError(422, infected);
  }
  try {
    await insertFile(tdb, {
      key,
      owner_id: user.id,
      file_name: fileName,
      content_type: sniffed.type,
      size,
      sha256,
      created_on: new Date().toISOString(),
    });
  } catch (err) {
    await files.store.remove(tdb.tenantId, key);
    throw err;
  }
  return { key, fileName, size, contentType: sniffed.type, url: `${FILES_PATH}/GetFile?key=${key}` };
}

/** The bytes of a base64 upload (bare, or a data URL). */
export function decodeBase64(raw: string | undefined): Buffer {
  if (!raw) throw badRequest('base64 is required.');
  const body = raw.replace(/^data:[^;,]*(;base64)?,/, '');
  if (!/^[A-Za-z0-9+/=_\-\s]*$/.test(body)) throw badRequest('base64 is not valid.');
  return Buffer.from(body, 'base64');
}

type FileRow = Selectable<FilesTable>;
interface Reach {
  read: boolean;
  edit: boolean;
}
const NONE: Reach = { read: false, edit: false };

/**
 * How the caller reaches a file. The uploader always does. Anyone else (administrators too) only through the record
 * named: the file must be linked to it (linkFilesOfRecord, at save), the caller must see the record, and one of
 * the linked fields must be shown to the caller's step and still hold the key; removal needs that field editable.
 */
async function reach(tdb: TenantDb, user: AuthUser, f: FileRow, recordId: string | undefined): Promise<Reach> {
  if (f.owner_id === user.id) return { read: true, edit: true };
  if (!recordId) return NONE;
  const fields = await linkedFields(tdb, f.key, recordId);
  if (!fields.length) return NONE;
  let detail;
  try {
    // The record as this viewer's step shows it: visibility and per-step field rules, as the record page has them.
    detail = await recordDetail(tdb, user, recordId);
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 404) return NONE;
    throw err;
  }
  const data = detail.data as Record<string, unknown>;
  const open = fields.filter(
    (field) => detail.access[field] && detail.access[field] !== 'hidden' && fileKeysIn(data[field]).includes(f.key),
  );
  return { read: open.length > 0, edit: open.some((field) => detail.access[field] === 'editable') };
}

async function existing(tdb: TenantDb, key: string): Promise<FileRow> {
  const f = KEY_RE.test(key) ? await fileByKey(tdb, key) : undefined;
  if (!f) throw notFound('File not found');
  return f;
}

/** A file the caller may download, with its bytes; anything else is "not found". */
export async function openFile(
  tdb: TenantDb,
  user: AuthUser,
  files: Files,
  key: string,
  recordId?: string,
): Promise<{ file: FileRow; bytes: Readable }> {
  const file = await existing(tdb, key);
  if (!(await reach(tdb, user, file, recordId)).read) throw notFound('File not found');
  const bytes = await files.store.get(tdb.tenantId, key);
  if (!bytes) throw notFound('File not found');
  return { file, bytes };
}

/** What a permalink shows of a file the caller may open: its name, type, size and when it was uploaded. */
export async function fileInfo(tdb: TenantDb, user: AuthUser, key: string, recordId?: string): Promise<FileInfo> {
  const file = await existing(tdb, key);
  if (!(await reach(tdb, user, file, recordId)).read) throw notFound('File not found');
  return {
    key: file.key,
    fileName: file.file_name,
    size: file.size,
    contentType: file.content_type,
    uploadedOn: file.created_on,
  };
}

/** Removes a file (its row, its links and its bytes): its uploader, or someone who may edit a field holding it. */
export async function removeFile(
  tdb: TenantDb,
  user: AuthUser,
  files: Files,
  key: string | undefined,
  recordId?: string,
): Promise<{ key: string }> {
  const file = await existing(tdb, key ?? '');
  if (!(await reach(tdb, user, file, recordId)).edit)
    throw forbidden('Only the person who uploaded this file can remove it.');
  await deleteFile(tdb, file.key);
  await files.store.remove(tdb.tenantId, file.key);
  return { key: file.key };
}

/** The Content-Disposition of a download: always an attachment, an ASCII fallback and the UTF-8 name (RFC 6266). */
export const disposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
