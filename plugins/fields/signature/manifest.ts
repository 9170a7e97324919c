import { defineFieldManifest } from '../../../runtime/plugin-contract';
import { fileValueSchema } from '../../../runtime/file-value';

export interface SignatureConfig {
  /** Ink colour, #rrggbb. */
  penColor: string;
  /** What is behind the ink, on the pad and in the stored PNG. */
  background: 'white' | 'transparent';
  /** The pad's height in CSS pixels. */
  height: number;
}

/** One point of a stroke: x and y in the value's own width/height, and milliseconds since the stroke began. */
export type StrokePoint = [x: number, y: number, t: number];

/**
 * What a signature field stores: the PNG as a file (so the server links it to the record like any upload), the
 * strokes it was drawn from (to redraw it sharply at any size) and, set by the server on save, who signed, when,
 * and on which record version.
 */
export interface SignatureValue {
  key: string;
  fileName: string;
  size: number;
  contentType: string;
  strokes: StrokePoint[][];
  /** The pad's size (CSS pixels) the points refer to. */
  width: number;
  height: number;
  signedBy?: { id: string; label: string };
  signedOn?: string;
  version?: number;
}

/** Bounds that keep a stored value small (a signature is a few hundred points). */
export const SIGNATURE_LIMITS = { strokes: 200, points: 20_000, size: 4000, strokeMs: 600_000 } as const;

export const SIGNATURE_PNG = 'image/png';

/** Number of points over all strokes. */
export const pointCount = (strokes: readonly (readonly unknown[])[]) => strokes.reduce((n, s) => n + s.length, 0);

const coordinate = { type: 'integer', minimum: 0, maximum: SIGNATURE_LIMITS.size } as const;

const valueSchema = {
  type: 'object',
  properties: {
    ...fileValueSchema.properties,
    contentType: { type: 'string', enum: [SIGNATURE_PNG] },
    strokes: {
      type: 'array',
      minItems: 1,
      maxItems: SIGNATURE_LIMITS.strokes,
      items: {
        type: 'array',
        minItems: 1,
        maxItems: SIGNATURE_LIMITS.points,
        items: {
          type: 'array',
          minItems: 3,
          maxItems: 3,
          items: { type: 'integer', minimum: 0, maximum: SIGNATURE_LIMITS.strokeMs },
        },
      },
    },
    width: { ...coordinate, minimum: 1 },
    height: { ...coordinate, minimum: 1 },
    signedBy: {
      type: 'object',
      properties: { id: { type: 'string', maxLength: 100 }, label: { type: 'string', maxLength: 300 } },
      required: ['id', 'label'],
      additionalProperties: false,
    },
    signedOn: { type: 'string', format: 'date-time' },
    version: { type: 'integer', minimum: 1 },
  },
  required: [...fileValueSchema.required, 'strokes', 'width', 'height'],
  additionalProperties: false,
};

/** A hand-drawn signature, kept as vector strokes plus a PNG, stamped by the server with the signer and the time. */
export const manifest = defineFieldManifest<SignatureConfig>({
  kind: 'field',
  type: 'signature',
  version: 1,
  title: 'title',
  category: 'advanced',
  icon: 'draw',
  configSchema: {
    type: 'object',
    properties: {
      penColor: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$', default: '#1c2a6b' },
      background: { type: 'string', enum: ['white', 'transparent'], default: 'white' },
      height: { type: 'integer', minimum: 80, maximum: 600, default: 180 },
    },
    required: ['penColor', 'background', 'height'],
    additionalProperties: false,
  },
  defaultConfig: { penColor: '#1c2a6b', background: 'white', height: 180 },
  valueSchema: () => valueSchema,
  // The schema bounds each list; only the total and the points' place on the pad need code.
  validate(value) {
    const v = value as Partial<SignatureValue> | null;
    if (!v || typeof v !== 'object' || !Array.isArray(v.strokes)) return [];
    if (pointCount(v.strokes.filter(Array.isArray)) > SIGNATURE_LIMITS.points)
      return [`A signature may have at most ${SIGNATURE_LIMITS.points} points; clear it and sign again`];
    const w = typeof v.width === 'number' ? v.width : 0;
    const h = typeof v.height === 'number' ? v.height : 0;
    const inside = v.strokes.every(
      (s) => !Array.isArray(s) || s.every((p) => !Array.isArray(p) || (p[0]! <= w && p[1]! <= h)),
    );
    return inside ? [] : ['The signature has points outside its pad'];
  },
  isEmpty: (v) => !v || typeof v !== 'object' || !(v as Partial<SignatureValue>).key,
  uploadRules: () => ({ accept: [SIGNATURE_PNG], maxBytes: 2 * 1024 * 1024 }),
  fixtures: {
    valid: [{ penColor: '#000000', background: 'transparent', height: 240 }],
    invalid: [
      {},
      { penColor: 'blue', background: 'white', height: 180 },
      { penColor: '#000000', background: 'grey', height: 180 },
      { penColor: '#000000', background: 'white', height: 20 },
    ],
    values: {
      config: { penColor: '#1c2a6b', background: 'white', height: 180 },
      valid: [
        {
          key: 'A'.repeat(32),
          fileName: 'signature.png',
          size: 5120,
          contentType: 'image/png',
          strokes: [
            [
              [10, 20, 0],
              [40, 60, 16],
              [90, 40, 40],
            ],
            [[120, 80, 0]],
          ],
          width: 600,
          height: 180,
          signedBy: { id: 'u-1', label: 'Ada Lovelace' },
          signedOn: '2026-11-26T10:00:00.000Z',
          version: 2,
        },
      ],
      invalid: [
        // Not a PNG.
        {
          key: 'A'.repeat(32),
          fileName: 'sig.svg',
          size: 10,
          contentType: 'image/svg+xml',
          strokes: [[[1, 1, 0]]],
          width: 100,
          height: 100,
        },
        // No strokes.
        {
          key: 'A'.repeat(32),
          fileName: 's.png',
          size: 10,
          contentType: 'image/png',
          strokes: [],
          width: 9,
          height: 9,
        },
        // Too many strokes.
        {
          key: 'A'.repeat(32),
          fileName: 's.png',
          size: 10,
          contentType: 'image/png',
          strokes: Array.from({ length: 201 }, () => [[1, 1, 0]]),
          width: 100,
          height: 100,
        },
        // Too many points in all.
        {
          key: 'A'.repeat(32),
          fileName: 's.png',
          size: 10,
          contentType: 'image/png',
          strokes: Array.from({ length: 3 }, () => Array.from({ length: 7000 }, () => [1, 1, 0])),
          width: 100,
          height: 100,
        },
        // A point beyond the pad.
        {
          key: 'A'.repeat(32),
          fileName: 's.png',
          size: 10,
          contentType: 'image/png',
          strokes: [[[150, 1, 0]]],
          width: 100,
          height: 100,
        },
        // Fractions and extra properties.
        {
          key: 'A'.repeat(32),
          fileName: 's.png',
          size: 10,
          contentType: 'image/png',
          strokes: [[[1.5, 1, 0]]],
          width: 100,
          height: 100,
          script: 'x',
        },
      ],
    },
  },
});
