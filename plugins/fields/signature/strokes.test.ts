import { describe, expect, it } from 'vitest';
import type { PointGroup } from 'signature_pad';
import { SIGNATURE_LIMITS, type StrokePoint } from './manifest';
import { fits, pen, toPointGroups, toStroke } from './strokes';

const group = (points: { x: number; y: number; time: number }[]): PointGroup => ({
  ...pen('#000000'),
  points: points.map((p) => ({ ...p, pressure: 0.5 })),
});

describe('signature strokes', () => {
  it('keeps a stroke drawn on a pad twice the drawing size in the drawing coordinates, rounded', () => {
    const s = toStroke(
      group([
        { x: 20.4, y: 10.6, time: 1000 },
        { x: 101, y: 61, time: 1040 },
      ]),
      2,
      { width: 300, height: 90 },
    );
    expect(s).toEqual([
      [10, 5, 0],
      [51, 31, 20],
    ]);
  });

  it('keeps points that left the pad on its edge', () => {
    expect(toStroke(group([{ x: -5, y: 500, time: 0 }]), 1, { width: 300, height: 90 })).toEqual([[0, 90, 0]]);
  });

  it('scales coordinates and times together, so the pen speed (and the line width) stays as drawn', () => {
    const strokes: StrokePoint[][] = [
      [
        [10, 20, 0],
        [30, 40, 16],
      ],
    ];
    const [g] = toPointGroups(strokes, 1.5, pen('#112233'));
    expect(g!.penColor).toBe('#112233');
    expect(g!.points.map((p) => [p.x, p.y, p.time])).toEqual([
      [15, 30, 0],
      [45, 60, 24],
    ]);
    // And back: the same integers.
    expect(toStroke(g!, 1.5, { width: 600, height: 180 })).toEqual(strokes[0]);
  });

  it('says when one more stroke would pass the limits', () => {
    const many = Array.from({ length: SIGNATURE_LIMITS.strokes }, (): StrokePoint[] => [[0, 0, 0]]);
    expect(fits(many.slice(1), 1)).toBe(true);
    expect(fits(many, 1)).toBe(false);
    expect(fits([Array.from({ length: SIGNATURE_LIMITS.points - 5 }, (): StrokePoint => [0, 0, 0])], 6)).toBe(false);
  });
});
