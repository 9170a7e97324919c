import { lazy, Suspense, useState } from 'react';
import { Icon } from '@blueprintjs/core';
import { fileKind, KIND_ICON } from './format';

// pdf.js is large: only a form showing a PDF loads it, in its own chunk.
const PdfThumbnail = lazy(() => import('./PdfThumbnail'));

/** A small picture of a stored file: the image itself, page 1 of a PDF, or an icon by kind. */
export function Thumbnail({ url, contentType, fileName }: { url?: string; contentType: string; fileName: string }) {
  const kind = fileKind(contentType, fileName);
  const [broken, setBroken] = useState(false);
  const icon = (
    <span className="ff-thumb ff-thumb-icon" aria-hidden="true">
      <Icon icon={KIND_ICON[kind] as 'document'} size={20} />
    </span>
  );
  if (!url || broken) return icon;
  if (kind === 'image')
    return (
      <span className="ff-thumb">
        <img src={url} alt="" loading="lazy" onError={() => setBroken(true)} />
      </span>
    );
  if (kind === 'pdf')
    return (
      <Suspense fallback={icon}>
        <PdfThumbnail url={url} onFail={() => setBroken(true)} />
      </Suspense>
    );
  return icon;
}
