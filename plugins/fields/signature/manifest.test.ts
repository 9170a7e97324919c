import { describe, expect, it } from 'vitest';
import { createAjv } from '../../../runtime/ajv';
import { SIGNATURE_LIMITS, manifest, type SignatureValue, type StrokePoint } from './manifest';

const check = (v: unknown) => {
  const schema = createAjv().compile(manifest.valueSchema(manifest.defaultConfig));
  return schema(v) && (manifest.validate?.(v, manifest.defaultConfig) ?? []).length === 0;
};

const value = (strokes: StrokePoint[][], more: Partial<SignatureValue> = {}): SignatureValue => ({
  key: 'k'.repeat(32),
  fileName: 'signature.png',
  size: 1000,
  contentType: 'image/png',
  strokes,
  width: 600,
  height: 180,
  ...more,
});

const stroke = (points: number): StrokePoint[] => Array.from({ length: points }, (_, i) => [i % 600, i % 180, i]);

describe('signature value limits', () => {
  it('takes up to 200 strokes and 20,000 points in all', () => {
    expect(check(value(Array.from({ length: SIGNATURE_LIMITS.strokes }, () => stroke(100))))).toBe(true);
    expect(check(value(Array.from({ length: SIGNATURE_LIMITS.strokes + 1 }, () => stroke(1))))).toBe(false);
    expect(check(value([stroke(10_000), stroke(10_000)]))).toBe(true);
    expect(check(value([stroke(10_000), stroke(10_001)]))).toBe(false);
    expect(manifest.validate!(value([stroke(10_000), stroke(10_001)]), manifest.defaultConfig)[0]).toMatch(/20000/);
  });

  it('takes only whole coordinates on the pad and times within a stroke', () => {
    expect(check(value([[[600, 180, 0]]]))).toBe(true);
    expect(check(value([[[601, 10, 0]]]))).toBe(false);
    expect(check(value([[[10, 181, 0]]]))).toBe(false);
    expect(check(value([[[10.5, 10, 0]]]))).toBe(false);
    expect(check(value([[[-1, 10, 0]]]))).toBe(false);
    expect(check(value([[[1, 1, SIGNATURE_LIMITS.strokeMs + 1]]]))).toBe(false);
    expect(check(value([[[1, 1]]] as unknown as StrokePoint[][]))).toBe(false);
  });

  it('is a PNG file value with a well-formed stamp and nothing else', () => {
    expect(check(value([[[1, 1, 0]]], { contentType: 'image/jpeg' }))).toBe(false);
    expect(check(value([[[1, 1, 0]]], { key: '../etc/passwd' }))).toBe(false);
    expect(check({ ...value([[[1, 1, 0]]]), html: '<b>' })).toBe(false);
    const stamped = { signedBy: { id: 'u1', label: 'Ada' }, signedOn: '2026-11-26T10:00:00.000Z', version: 3 };
    expect(check(value([[[1, 1, 0]]], stamped))).toBe(true);
    expect(check(value([[[1, 1, 0]]], { ...stamped, signedOn: 'yesterday' }))).toBe(false);
    expect(check(value([[[1, 1, 0]]], { ...stamped, signedBy: { id: 'u1' } as never }))).toBe(false);
  });

  it('is empty without a stored PNG', () => {
    expect(manifest.isEmpty!(null)).toBe(true);
    expect(manifest.isEmpty!({ strokes: [] })).toBe(true);
    expect(manifest.isEmpty!(value([[[1, 1, 0]]]))).toBe(false);
  });

  it('lets only PNGs be uploaded to the field', () => {
    expect(manifest.uploadRules!(manifest.defaultConfig)).toEqual({ accept: ['image/png'], maxBytes: 2 * 1024 * 1024 });
  });
});
