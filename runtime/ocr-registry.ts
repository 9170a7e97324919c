import type { OcrPage } from '../schemas/api/ocr';

/**
 * OCR provider plugins (plugins/ocr/<id>/): manifest.ts describes the provider (browser and Node), server.ts reads
 * images (Node only). The provider list of the Create App dialog and the OCR engine both come from this registry.
 */
export interface OcrManifest {
  kind: 'ocr';
  /** Equals the folder name; stored on the app as `ocr_provider_id`. */
  id: string;
  /** A product name, shown as is (not translated). */
  name: string;
  /** Only one machine-learning service goes with this provider (spec section 5). */
  singleSelect: boolean;
  /** Languages it reads, as the web app names them (en, de, es, fr, ja, zh). */
  languages: string[];
  /** It calls an outside service with the tenant's API token (PATCH /api/ocrprovider/update/token). */
  needsToken: boolean;
}

/** What a recognition gets besides the image: the language, and for cloud providers the tenant's token and fetch. */
export interface OcrRecognizeOptions {
  language: string;
  /** The tenant's API token for this provider, opened from its sealed form; undefined when none is stored. */
  token?: string;
  /** The address of the tenant's processor at the provider, stored with the token when the provider needs one. */
  endpoint?: string;
  /** The tenant's outbound fetch (src/server/egress), bound to its private-address rule. */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
}

export interface OcrProviderServer {
  manifest: OcrManifest;
  /** Reads one image (PNG, JPEG, TIFF or WebP bytes) into pages; throws an Error whose message a user may read. */
  recognize(image: Buffer, opts: OcrRecognizeOptions): Promise<OcrPage[]>;
  /** Stops its workers (the server's close). */
  close?(): Promise<void>;
}

export const defineOcrManifest = (m: OcrManifest): OcrManifest => m;
export const defineOcrServer = (s: OcrProviderServer): OcrProviderServer => s;

/**
 * The provider manifests for the browser: every plugins/ocr/<id>/manifest.ts (loaded lazily: an eager glob here
 * would make the manifests import this file while it is still loading).
 */
export async function ocrManifests(): Promise<Record<string, OcrManifest>> {
  const loaders = import.meta.glob<{ manifest: OcrManifest }>('../plugins/ocr/*/manifest.ts');
  const mods = await Promise.all(Object.values(loaders).map((load) => load()));
  return Object.fromEntries(mods.map((m) => [m.manifest.id, m.manifest]));
}
