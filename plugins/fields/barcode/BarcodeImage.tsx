import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BarcodeConfig } from './manifest';
import { SYMBOLOGY_NAMES, symbologyProblems } from './symbology';

/** bwip-js is big: it comes in its own chunk, the first time a code is drawn. */
const loadRenderer = () => import('./render');

const SCALE: Record<BarcodeConfig['size'], number> = { small: 1, medium: 1.5, large: 2 };

type Drawn = { svg: string; width: number } | 'failed' | null;

/**
 * The code for `text`, or nothing while the text cannot be drawn (the field's own message says why). Shown as an
 * image of the SVG, so nothing from the document can run in the page.
 */
export const BarcodeImage = memo(function BarcodeImage({ text, config }: { text: string; config: BarcodeConfig }) {
  const { t } = useTranslation('field.barcode');
  const [drawn, setDrawn] = useState<Drawn>(null);
  const drawable = text !== '' && symbologyProblems(text, config.symbology).length === 0;
  useEffect(() => {
    if (!drawable) return setDrawn(null);
    let live = true;
    // Typing redraws after a short pause, not on every key.
    const timer = setTimeout(() => {
      loadRenderer()
        .then((r) => {
          const svg = r.barcodeSvg(text, config.symbology);
          if (live) setDrawn({ svg, width: r.svgWidth(svg) });
        })
        .catch(() => live && setDrawn('failed'));
    }, 120);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, config.symbology, drawable]);
  if (!drawable || !drawn) return null;
  if (drawn === 'failed')
    return <p className="barcode-failed">{t('cannotDraw', { symbology: SYMBOLOGY_NAMES[config.symbology] })}</p>;
  return (
    <figure className={`barcode-figure barcode-${config.symbology}`}>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(drawn.svg)}`}
        alt={t('alt', { symbology: SYMBOLOGY_NAMES[config.symbology], text })}
        style={{ width: drawn.width * SCALE[config.size] }}
      />
      {config.showText && <figcaption>{text}</figcaption>}
    </figure>
  );
});
