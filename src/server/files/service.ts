import crypto from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Selectable } from 'kysely';
import type { FilesTable } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser } from '../identity/user-info.js';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors.js';
import { recordDetail } from '../records/detail.js';
import { deleteFile, fileByKey, insertFile, linkedFields } from './queries.js';
import { fileKeysIn } from './links.js';
import type { StoredFile } from './schemas.js';
import { checkName, sniff } from './sniff.js';
import { KEY_RE, newKey, type FileStore } from './store.js';

export const FILES_PATH = '/api/form/AWSS3';
/** Files of one multipart upload at most. */
export const MAX_FILES = 10;

/** Where the bytes live and how large one file may be (config.fileMaxBytes). */
export interface Files {
  store: FileStore;
  maxBytes: number;
}

export const tooLarge = (f: Files) =>
  new HttpError(413, `The file is too large (at most ${Math.floor(f.maxBytes / 1024 / 1024)} MB).`);

/** A file name safe to store and to put in a header: no folders, no control or reserved characters. */
export function cleanName(n: unknown): string {
  const base = path.basename(String(n ?? '').replace(/\\/g, '/'));
  const safe = [...base].map((c) => (c.charCodeAt(0) < 32 || '"<>|:*?'.includes(c) ? '_' : c)).join('');
  return safe.trim().slice(0, 200) || 'file';
}

/** Sniffs and stores one upload under a new random key of the user's tenant. */
export async function storeUpload(
  tdb: TenantDb,
  user: AuthUser,
  files: Files,
  fileName: string,
  bytes: Buffer,
): Promise<StoredFile> {
  if (!bytes.length) throw badRequest('The file is empty.');
  if (bytes.length > files.maxBytes) throw tooLarge(files);
  const sniffed = sniff(bytes);
  const refused = checkName(fileName, sniffed);
  if (refused) throw new HttpError(415, refused);
  const key = newKey();
  await files.store.put(tdb.tenantId, key, bytes);
  await insertFile(tdb, {
    key,
    owner_id: user.id,
    file_name: fileName,
    content_type: sniffed.type,
    size: bytes.length,
    sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
    created_on: new Date().toISOString(),
  });
  return { key, fileName, size: bytes.length, contentType: sniffed.type, url: `${FILES_PATH}/GetFile?key=${key}` };
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
