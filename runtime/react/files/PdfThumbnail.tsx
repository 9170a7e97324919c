import { useEffect, useRef } from 'react';
import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

// Bundled by Vite with the app: no CDN.
GlobalWorkerOptions.workerSrc = workerUrl;

/** The thumbnail box in CSS pixels; the canvas is drawn at the screen's density. */
const BOX = 48;

/** Page 1 of a PDF drawn small. A file pdf.js cannot read falls back to the icon (`onFail`). */
export default function PdfThumbnail({ url, onFail }: { url: string; onFail(): void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const fail = useRef(onFail);
  fail.current = onFail;
  useEffect(() => {
    let stop = false;
    // The whole file in one request: the download link sends no range answers worth the extra round trips.
    const task = getDocument({ url, disableRange: true, disableStream: true, enableXfa: false });
    (async () => {
      const doc = await task.promise;
      const page = await doc.getPage(1);
      const c = canvas.current;
      if (stop || !c) return;
      const base = page.getViewport({ scale: 1 });
      const dpr = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: (BOX / Math.max(base.width, base.height)) * dpr });
      c.width = Math.ceil(viewport.width);
      c.height = Math.ceil(viewport.height);
      c.style.width = `${viewport.width / dpr}px`;
      c.style.height = `${viewport.height / dpr}px`;
      await page.render({ canvas: c, viewport }).promise;
    })().catch(() => {
      if (!stop) fail.current();
    });
    return () => {
      stop = true;
      void task.destroy();
    };
  }, [url]);
  return (
    <span className="ff-thumb ff-thumb-pdf">
      <canvas ref={canvas} aria-hidden="true" />
    </span>
  );
}
