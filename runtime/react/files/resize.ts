/** How a picture is stored: its largest size and the type it is turned into ('original' keeps a JPEG, PNG or WebP). */
export interface ResizeOptions {
  maxWidth: number;
  maxHeight: number;
  format: 'original' | 'jpeg' | 'png' | 'webp';
  /** 0.1 to 1, for JPEG and WebP. */
  quality: number;
}

export interface PreparedImage {
  blob: Blob;
  fileName: string;
  width: number;
  height: number;
}

/** The largest size within the bounds with the same aspect ratio; never larger than the picture itself. */
export function fitWithin(width: number, height: number, maxWidth: number, maxHeight: number) {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
    scaled: scale < 1,
  };
}

const KEPT = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** The media type a picture is stored as. */
export function outputType(sourceType: string, format: ResizeOptions['format']): string {
  if (format !== 'original') return `image/${format}`;
  // GIF, BMP and TIFF cannot come out of a canvas as they are; PNG keeps what they show losslessly.
  return KEPT.has(sourceType) ? sourceType : 'image/png';
}

const EXTENSION: Record<string, string> = { 'image/jpeg': '.jpg', 'image/png': '.png', 'image/webp': '.webp' };

export function renamed(fileName: string, type: string): string {
  const ext = EXTENSION[type];
  if (!ext) return fileName;
  const base = fileName.replace(/\.[^./\\]+$/, '');
  return `${base || 'image'}${ext}`;
}

/**
 * Shrinks a picture to the bounds on a canvas (keeping its aspect ratio) and encodes it as the configured type; a
 * picture already within the bounds and of the wanted type is sent as it is. Rejects when the browser cannot decode it.
 */
export async function prepareImage(file: Blob, fileName: string, o: ResizeOptions): Promise<PreparedImage> {
  // createImageBitmap applies the photo's EXIF orientation, so width and height are as the picture is seen.
  const bitmap = await createImageBitmap(file);
  try {
    const fit = fitWithin(bitmap.width, bitmap.height, o.maxWidth, o.maxHeight);
    const type = outputType(file.type, o.format);
    if (!fit.scaled && type === file.type) return { blob: file, fileName, width: bitmap.width, height: bitmap.height };
    const canvas = document.createElement('canvas');
    canvas.width = fit.width;
    canvas.height = fit.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('No canvas');
    if (type === 'image/jpeg') {
      // JPEG has no transparency: transparent parts would turn black.
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, fit.width, fit.height);
    }
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, fit.width, fit.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, o.quality));
    if (!blob) throw new Error('The picture could not be encoded');
    return { blob, fileName: renamed(fileName, blob.type || type), width: fit.width, height: fit.height };
  } finally {
    bitmap.close();
  }
}
