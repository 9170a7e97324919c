import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { OcrPage } from '../../../schemas/api/ocr.js';
import { imageInfo, loadOcrRegistry } from '../../../runtime/ocr-registry-node.js';
import { assertModuleAccess, isAdmin } from '../access/index.js';
import { sealSecret } from '../crypto/secrets.js';
import { HttpError, badRequest, forbidden, notFound } from '../http/errors.js';
import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { tokenContext, type OcrEngine } from './engine.js';
import { mappedFields } from './mapping.js';
import { addHints } from '../ocr-rules/service.js';
import type { HintsBody } from '../ocr-rules/schemas.js';
import { pdfPages, renderPdfPages } from './pdf.js';
import { appProvider, insertJob, jobOf, saveToken, tokenProviders } from './queries.js';
import type { JobView, OcrSettings, ProviderView, TokenBody } from './schemas.js';

/** Limits of one document: bytes (the upload's own limit), pixels of an image, pages of a PDF. */
export const OCR_LIMITS = {
  maxBytes: 10 << 20,
  maxPixels: 60_000_000,
  maxPdfPages: 20,
  /** A scanned PDF's page is drawn at 300 dpi, smaller when that would pass this (an A4 page is 8.7 megapixels). */
  maxPdfPixels: 10_000_000,
  maxOpenJobs: 5,
  maxQueued: 100,
};
const LANGUAGES = ['en', 'de', 'es', 'fr', 'ja', 'zh'];
/** A job still queued or running after this long belonged to a process that stopped. */
const STALE_MS = 15 * 60_000;

export interface UploadInput {
  moduleId: string;
  fileName: string;
  bytes: Buffer;
  language?: string;
  allowPrivate: boolean;
}

/** The app's OCR provider, checked installed; the caller must be allowed to create records in the app. */
async function providerOf(tdb: TenantDb, user: AuthUser, moduleId: string) {
  await assertModuleAccess(tdb, user, moduleId, 'create');
  const providerId = (await appProvider(tdb, moduleId))?.ocr_provider_id;
  if (!providerId) throw badRequest('This app does not read documents: choose an OCR provider in its settings.');
  const { servers } = await loadOcrRegistry();
  if (!servers[providerId]) throw badRequest("The app's OCR provider is not installed.");
  return providerId;
}

/** An app's machine-learning services arrive as a JSON string (spec section 3); empty text or `[]` means none. */
function hasMlServices(raw: string | null | undefined): boolean {
  try {
    const ids: unknown = JSON.parse(raw || '[]');
    return Array.isArray(ids) ? ids.length > 0 : !!ids;
  } catch {
    return false;
  }
}

/**
 * What the record form loads for an app: its OCR provider (none when the app has none or the user may not create
 * records) and whether it suggests values.
 */
export async function ocrSettings(tdb: TenantDb, user: AuthUser, moduleId: string): Promise<OcrSettings> {
  const none = { providerId: null, providerName: null, maxBytes: OCR_LIMITS.maxBytes, suggest: false };
  try {
    const providerId = await providerOf(tdb, user, moduleId);
    const { manifests } = await loadOcrRegistry();
    const suggest = hasMlServices((await appProvider(tdb, moduleId))?.ml_service_id);
    return { ...none, providerId, providerName: manifests[providerId]?.name ?? providerId, suggest };
  } catch (err) {
    if (err instanceof HttpError && (err.statusCode === 403 || err.statusCode === 400)) return none;
    throw err;
  }
}

/** Takes a document and answers at once with its job; an image is read in the background, a PDF's text right away. */
export async function startJob(tdb: TenantDb, user: AuthUser, engine: OcrEngine, input: UploadInput) {
  const providerId = await providerOf(tdb, user, input.moduleId);
  const language = input.language ?? 'en';
  if (!LANGUAGES.includes(language)) throw badRequest(`language must be one of ${LANGUAGES.join(', ')}.`);
  if (!input.bytes.length) throw badRequest('The file is empty.');
  const open = await tdb
    .selectFrom('ocr_jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', user.id)
    .where('status', 'in', ['queued', 'running'])
    .where('created_on', '>', new Date(Date.now() - STALE_MS).toISOString())
    .executeTakeFirstOrThrow();
  if (Number(open.n) >= OCR_LIMITS.maxOpenJobs)
    throw new HttpError(429, `You have ${OCR_LIMITS.maxOpenJobs} documents being read; wait for one to finish.`);
  if (engine.depth >= OCR_LIMITS.maxQueued) throw new HttpError(503, 'The OCR engine is busy; try again in a minute.');
  const isPdf = input.bytes.subarray(0, 5).toString('latin1') === '%PDF-';
  const info = isPdf ? undefined : imageInfo(input.bytes);
  if (!isPdf && !info) throw badRequest('The file is not a PNG, JPEG, TIFF or WebP image, or a PDF.');
  if (info && info.width * info.height > OCR_LIMITS.maxPixels)
    throw new HttpError(
      413,
      `The image has ${Math.round((info.width * info.height) / 1e6)} megapixels; at most ${OCR_LIMITS.maxPixels / 1e6} are read.`,
    );
  let pages = isPdf ? await pdfPages(input.bytes, OCR_LIMITS.maxPdfPages) : undefined;
  // A PDF's pages are drawn to images, so the fields found can be shown where they stand; a scanned PDF (no text
  // layer) is then read from those images like uploaded scans.
  const images = isPdf
    ? await renderPdfPages(input.bytes, OCR_LIMITS.maxPdfPages, OCR_LIMITS.maxPdfPixels)
    : [input.bytes];
  if (pages && !pages.some((p) => p.words.length)) pages = undefined;
  const jobId = crypto.randomUUID();
  const now = new Date().toISOString();
  // Keys are base64url, so a comma list keeps one column for every page.
  const imageKey = (await Promise.all(images.map((b) => engine.putImage(tdb.tenantId, b)))).join(',');
  await insertJob(tdb, {
    id: jobId,
    user_id: user.id,
    module_id: input.moduleId,
    provider_id: pages ? 'pdf-text' : providerId,
    language,
    status: pages ? 'done' : 'queued',
    file_name: input.fileName,
    content_type: info?.type ?? 'image/png',
    size: input.bytes.length,
    image_key: imageKey,
    pages: pages ? JSON.stringify(pages) : null,
    message: null,
    created_on: now,
    finished_on: pages ? now : null,
  });
  if (!pages)
    engine.enqueue({
      tenantId: tdb.tenantId,
      jobId,
      providerId,
      language,
      images,
      allowPrivate: input.allowPrivate,
    });
  return { jobId };
}

/** The caller's own job with the app's fields mapped from its pages (with the rules and hints as they are now). */
export async function jobView(tdb: TenantDb, user: AuthUser, id: string): Promise<JobView> {
  const job = await jobOf(tdb, user.id, id);
  if (!job) throw notFound('OCR job not found');
  const stale =
    (job.status === 'queued' || job.status === 'running') && Date.now() - Date.parse(job.created_on) > STALE_MS;
  const status = stale ? 'failed' : job.status;
  const pages = job.pages ? (JSON.parse(job.pages) as OcrPage[]) : [];
  return {
    jobId: job.id,
    moduleId: job.module_id,
    providerId: job.provider_id,
    status,
    message: stale ? 'Reading was interrupted; upload the document again.' : job.message,
    fileName: job.file_name,
    pages,
    fields: status === 'done' ? await mappedFields(tdb, job.module_id, pages) : [],
    imageUrl: job.image_key ? `/api/ocr/getimage/${job.id}` : null,
    pageImages: (job.image_key?.split(',') ?? []).map((_, i) => `/api/ocr/getimage/${job.id}?page=${i + 1}`),
    createdOn: job.created_on,
    finishedOn: job.finished_on,
  };
}

export async function jobImage(tdb: TenantDb, user: AuthUser, engine: OcrEngine, id: string, page = 1) {
  const job = await jobOf(tdb, user.id, id);
  const key = job?.image_key?.split(',')[page - 1];
  if (!key) throw notFound('Page image not found');
  const bytes: Readable | undefined = await engine.image(tdb.tenantId, key);
  if (!bytes) throw notFound('Page image not found');
  return { bytes, contentType: job.content_type };
}

export async function listProviders(tdb: TenantDb): Promise<ProviderView[]> {
  const { manifests } = await loadOcrRegistry();
  const withToken = new Set(await tokenProviders(tdb));
  return Object.values(manifests).map((m) => ({
    id: m.id,
    name: m.name,
    singleSelect: m.singleSelect,
    languages: m.languages,
    needsToken: m.needsToken,
    hasToken: withToken.has(m.id),
  }));
}

/** A provider by its name or id, letter case aside (spec: getbyname?name=). */
export async function providerByName(tdb: TenantDb, name: string): Promise<ProviderView> {
  const wanted = name.trim().toLowerCase();
  const found = (await listProviders(tdb)).find((p) => p.name.toLowerCase() === wanted || p.id === wanted);
  if (!found) throw notFound('OCR provider not found');
  return found;
}

/** Stores (or with an empty token removes) a provider's API token, sealed and bound to the tenant and provider. */
export async function updateToken(tdb: TenantDb, user: AuthUser, key: Buffer, body: TokenBody) {
  if (!isAdmin(user)) throw forbidden();
  const { manifests } = await loadOcrRegistry();
  const m = manifests[body.providerId];
  if (!m) throw notFound('OCR provider not found');
  if (!m.needsToken) throw badRequest(`${m.name} needs no API token.`);
  if (body.endpoint && !/^https?:\/\//i.test(body.endpoint)) throw badRequest('endpoint must be an http(s) address.');
  const token = body.token.trim();
  const sealed = token
    ? sealSecret(JSON.stringify({ token, endpoint: body.endpoint }), key, tokenContext(tdb.tenantId, m.id))
    : '';
  await saveToken(tdb, m.id, sealed, user.id, new Date().toISOString());
  return { providerId: m.id, hasToken: !!token };
}

/**
 * A user's corrections after saving a record, kept as hints for the app's next documents: the mapping rules'
 * `addHints` reads each label from the job's own words next to the corrected value's box (never a label the
 * browser sends), for the caller's own job only.
 */
export const saveHints = (tdb: TenantDb, user: AuthUser, moduleId: string, body: HintsBody) =>
  addHints(tdb, user, moduleId, body);
