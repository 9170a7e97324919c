import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OcrManifest, OcrProviderServer } from './ocr-registry';

export const OCR_PLUGIN_DIR = path.resolve(import.meta.dirname, '../plugins/ocr');

export interface OcrRegistry {
  manifests: Record<string, OcrManifest>;
  servers: Record<string, OcrProviderServer>;
}

/** Server-side discovery: every <dir>/<id>/manifest.ts with its server.ts (a provider needs both). */
export async function buildOcrRegistry(dir: string = OCR_PLUGIN_DIR): Promise<OcrRegistry> {
  const manifests: OcrRegistry['manifests'] = {};
  const servers: OcrRegistry['servers'] = {};
  for (const folder of fs.readdirSync(dir).sort()) {
    const manifestFile = path.join(dir, folder, 'manifest.ts');
    const serverFile = path.join(dir, folder, 'server.ts');
    if (!fs.existsSync(manifestFile) || !fs.existsSync(serverFile)) continue;
    const { manifest } = (await import(pathToFileURL(manifestFile).href)) as { manifest: OcrManifest };
    if (manifest?.kind !== 'ocr' || manifest.id !== folder)
      throw new Error(`OCR plugin ${folder}: manifest id must be '${folder}'`);
    const { server } = (await import(pathToFileURL(serverFile).href)) as { server: OcrProviderServer };
    if (server?.manifest !== manifest) throw new Error(`OCR plugin ${folder}: server.ts must use its manifest`);
    manifests[folder] = manifest;
    servers[folder] = server;
  }
  return { manifests, servers };
}

let loaded: Promise<OcrRegistry> | undefined;
/** The OCR providers of this installation, loaded once. */
export const loadOcrRegistry = () => (loaded ??= buildOcrRegistry());

/** Stops every provider's workers (called when the server closes). */
export async function closeOcrProviders(): Promise<void> {
  if (!loaded) return;
  const { servers } = await loaded;
  await Promise.all(Object.values(servers).map((s) => s.close?.()));
}

export interface ImageInfo {
  type: 'image/png' | 'image/jpeg' | 'image/tiff' | 'image/webp';
  width: number;
  height: number;
}

/** The type and pixel size of an image from its header alone (no decoding); undefined when it is none we read. */
export function imageInfo(b: Buffer): ImageInfo | undefined {
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.toString('latin1', 12, 16) === 'IHDR')
    return { type: 'image/png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  if (b.length > 4 && b[0] === 0xff && b[1] === 0xd8) return jpegSize(b);
  if (b.length >= 30 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
    return webpSize(b);
  const tiff = b.toString('latin1', 0, 4);
  if (b.length >= 8 && (tiff === 'II*\0' || tiff === 'MM\0*')) return tiffSize(b, tiff === 'II*\0');
  return undefined;
}

function jpegSize(b: Buffer): ImageInfo | undefined {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1]!;
    const len = b.readUInt16BE(i + 2);
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { type: 'image/jpeg', height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    i += 2 + len;
  }
  return undefined;
}

function webpSize(b: Buffer): ImageInfo | undefined {
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { type: 'image/webp', width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { type: 'image/webp', width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ')
    return { type: 'image/webp', width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  return undefined;
}

function tiffSize(b: Buffer, le: boolean): ImageInfo | undefined {
  const u16 = (o: number) => (le ? b.readUInt16LE(o) : b.readUInt16BE(o));
  const u32 = (o: number) => (le ? b.readUInt32LE(o) : b.readUInt32BE(o));
  const ifd = u32(4);
  if (ifd + 2 > b.length) return undefined;
  let width = 0;
  let height = 0;
  for (let n = 0, count = u16(ifd); n < count; n++) {
    const e = ifd + 2 + n * 12;
    if (e + 12 > b.length) return undefined;
    const tag = u16(e);
    const value = u16(e + 2) === 3 ? u16(e + 8) : u32(e + 8);
    if (tag === 256) width = value;
    if (tag === 257) height = value;
  }
  return width && height ? { type: 'image/tiff', width, height } : undefined;
}
