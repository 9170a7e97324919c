import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { ScanFormat } from './manifest';

let prepared = false;

/** The reader's WASM is served with the app (bundled by Vite), never fetched from a CDN. */
function prepare() {
  if (prepared) return;
  prepared = true;
  prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
  });
}

/** Photos are scaled down to this many pixels on their longer side: phone photos decode slowly at full size. */
const MAX_SIDE = 2000;

/**
 * A photo's pixels over white, so a transparent PNG (a code saved from a screen) reads as dark on light instead of
 * dark on black.
 */
async function pixelsOf(file: Blob): Promise<ImageData | Blob> {
  if (typeof createImageBitmap !== 'function') return file;
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) return file;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return ctx.getImageData(0, 0, canvas.width, canvas.height);
}

/** The text of the first code found in a camera frame or an image file, or undefined. */
export async function decode(image: ImageData | Blob, formats: readonly ScanFormat[]): Promise<string | undefined> {
  prepare();
  const options: ReaderOptions = {
    formats: [...formats] as ReaderOptions['formats'],
    tryHarder: true,
    maxNumberOfSymbols: 1,
  };
  const found = await readBarcodes(image instanceof Blob ? await pixelsOf(image) : image, options);
  return found.find((r) => r.isValid && r.text)?.text;
}
