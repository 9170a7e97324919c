import { toSVG } from 'bwip-js/browser';
import type { Symbology } from './symbology';

/** Linear codes get their default bar height; 2D codes stay square (a height would stretch them). */
const LINEAR = new Set<Symbology>(['code128', 'ean13']);

/** The code as an SVG document (paths only: the text is drawn by the page, not by bwip-js). */
export function barcodeSvg(text: string, symbology: Symbology): string {
  return toSVG({ bcid: symbology, text, scale: 2, ...(LINEAR.has(symbology) ? { height: 12 } : {}) });
}

/** Width of the drawing in its own units (the viewBox), so each size can scale it. */
export function svgWidth(svg: string): number {
  const m = /viewBox="0 0 ([\d.]+) /.exec(svg);
  return m ? Number(m[1]) : 100;
}
