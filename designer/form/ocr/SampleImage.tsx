import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OcrBox } from '../../../schemas/api/ocr';

export interface DrawnBox {
  page: number;
  box: OcrBox;
}

const clamp = (v: number) => Math.min(1, Math.max(0, v));
const round = (v: number) => Math.round(v * 10000) / 10000;
const pct = (v: number) => `${v * 100}%`;

/**
 * A sample page image on which the designer drags a rectangle: the box is kept as fractions of the image, so a
 * position rule matches scans of any resolution. Boxes of saved position rules are outlined.
 */
export function SampleImage({
  src,
  page,
  drawn,
  outlines,
  onDraw,
}: {
  src: string;
  page: number;
  drawn: OcrBox | null;
  outlines: { key: string; label: string; box: OcrBox }[];
  onDraw: (d: DrawnBox) => void;
}) {
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const [start, setStart] = useState<{ x: number; y: number } | null>(null);
  const [live, setLive] = useState<OcrBox | null>(null);

  const at = (e: PointerEvent) => {
    const r = frame.current!.getBoundingClientRect();
    return { x: clamp((e.clientX - r.left) / r.width), y: clamp((e.clientY - r.top) / r.height) };
  };
  const boxFrom = (a: { x: number; y: number }, b: { x: number; y: number }): OcrBox => ({
    x: round(Math.min(a.x, b.x)),
    y: round(Math.min(a.y, b.y)),
    width: round(Math.abs(a.x - b.x)),
    height: round(Math.abs(a.y - b.y)),
  });

  const shown = live ?? drawn;
  return (
    <div
      ref={frame}
      className="ocrr-image"
      data-testid="ocr-sample-image"
      aria-label={t('OCRRULES.DRAW_HINT')}
      onPointerDown={(e) => {
        e.preventDefault();
        frame.current?.setPointerCapture?.(e.pointerId);
        const p = at(e);
        setStart(p);
        setLive({ x: p.x, y: p.y, width: 0, height: 0 });
      }}
      onPointerMove={(e) => start && setLive(boxFrom(start, at(e)))}
      onPointerUp={(e) => {
        if (!start) return;
        const box = boxFrom(start, at(e));
        setStart(null);
        setLive(null);
        if (box.width > 0.005 && box.height > 0.005) onDraw({ page, box });
      }}
    >
      <img src={src} alt={t('OCRRULES.SAMPLE_ALT')} draggable={false} />
      {outlines.map((o) => (
        <div
          key={o.key}
          className="ocrr-outline"
          style={{ left: pct(o.box.x), top: pct(o.box.y), width: pct(o.box.width), height: pct(o.box.height) }}
        >
          <span data-tenant-text>{o.label}</span>
        </div>
      ))}
      {shown && (
        <div
          className="ocrr-drawn"
          data-testid="ocr-drawn-box"
          style={{ left: pct(shown.x), top: pct(shown.y), width: pct(shown.width), height: pct(shown.height) }}
        />
      )}
    </div>
  );
}
