import type { PointGroup } from 'signature_pad';
import { SIGNATURE_LIMITS, type StrokePoint } from './manifest';

/** The drawing as the widget keeps it: strokes in the coordinates of a `width` x `height` pad. */
export interface Drawing {
  strokes: StrokePoint[][];
  width: number;
  height: number;
}

/** The pen settings a stroke is drawn with (signature_pad's defaults, one ink colour). */
export type Pen = Omit<PointGroup, 'points'>;

export const pen = (penColor: string): Pen => ({
  penColor,
  dotSize: 0,
  minWidth: 0.5,
  maxWidth: 2.5,
  velocityFilterWeight: 0.7,
  compositeOperation: 'source-over',
});

const clamp = (n: number, max: number) => Math.min(max, Math.max(0, Math.round(n)));

/**
 * One of signature_pad's point groups, drawn on a pad `scale` times the drawing's size, in the drawing's own
 * coordinates: rounded, kept on the pad, times relative to the stroke's start.
 */
export function toStroke(group: PointGroup, scale: number, d: Pick<Drawing, 'width' | 'height'>): StrokePoint[] {
  const t0 = group.points[0]?.time ?? 0;
  return group.points.map((p) => [
    clamp(p.x / scale, d.width),
    clamp(p.y / scale, d.height),
    clamp((p.time - t0) / scale, SIGNATURE_LIMITS.strokeMs),
  ]);
}

/**
 * The drawing as signature_pad's point groups on a pad `scale` times its size. Times scale with the coordinates so
 * the pen's speed, and with it the line's width, stays as drawn.
 */
export function toPointGroups(strokes: StrokePoint[][], scale: number, p: Pen): PointGroup[] {
  return strokes.map((s) => ({
    ...p,
    points: s.map(([x, y, t]) => ({ x: x * scale, y: y * scale, time: t * scale, pressure: 0.5 })),
  }));
}

/** Whether one more stroke of `points` points still fits the stored value's bounds. */
export function fits(strokes: StrokePoint[][], points: number): boolean {
  return (
    strokes.length < SIGNATURE_LIMITS.strokes &&
    strokes.reduce((n, s) => n + s.length, 0) + points <= SIGNATURE_LIMITS.points
  );
}

/** Same strokes, compared cheaply enough for a value's few hundred points. */
export const sameStrokes = (a: StrokePoint[][] | undefined, b: StrokePoint[][] | undefined) =>
  JSON.stringify(a ?? []) === JSON.stringify(b ?? []);
