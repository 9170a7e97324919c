import { describe, expect, it, vi } from 'vitest';
import type { FieldResolveContext } from '../../../runtime/plugin-contract';
import { manifest, type SignatureValue } from './manifest';
import { server } from './server';

const drawing = (key = 'a'.repeat(32)): SignatureValue => ({
  key,
  fileName: 'signature.png',
  size: 900,
  contentType: 'image/png',
  strokes: [
    [
      [1, 2, 0],
      [30, 40, 20],
    ],
  ],
  width: 600,
  height: 180,
});

const stamp = { signedBy: { id: 'u-ada', label: 'Ada Lovelace' }, signedOn: '2026-01-02T03:04:05.000Z', version: 2 };

function ctx(before: unknown, version?: number): FieldResolveContext {
  return {
    label: 'Signature',
    data: {},
    before,
    version,
    picker: vi.fn(async () => ({
      id: 'u-bob',
      username: 'bob',
      email: 'bob@example.com',
      fullname: 'Bob Byte',
      roles: [],
    })),
  } as unknown as FieldResolveContext;
}

const resolve = (value: unknown, c: FieldResolveContext) => server.resolve!(value, manifest.defaultConfig, c);

describe('signature field, server half', () => {
  it('stamps a new signature with the saver, now and the record version', async () => {
    const before = Date.now();
    const r = await resolve(drawing(), ctx(undefined, 1));
    const v = r.value as SignatureValue;
    expect(r.messages).toEqual([]);
    expect(v.signedBy).toEqual({ id: 'u-bob', label: 'Bob Byte' });
    expect(Date.parse(v.signedOn!)).toBeGreaterThanOrEqual(before);
    expect(v.version).toBe(1);
    expect(v.strokes).toEqual(drawing().strokes);
  });

  it('replaces whatever stamp the browser sent on a new drawing', async () => {
    const forged = {
      ...drawing(),
      signedBy: { id: 'u-ceo', label: 'The CEO' },
      signedOn: '2000-01-01T00:00:00Z',
      version: 99,
    };
    const v = (await resolve(forged, ctx(undefined))).value as SignatureValue;
    expect(v.signedBy).toEqual({ id: 'u-bob', label: 'Bob Byte' });
    expect(v.signedOn).not.toBe('2000-01-01T00:00:00Z');
    // Without a version in the context, none is stored.
    expect(v.version).toBeUndefined();
  });

  it('keeps the stored stamp of an unchanged drawing, even when the browser sends another', async () => {
    const stored = { ...drawing(), ...stamp };
    const c = ctx(stored, 5);
    const forged = { ...drawing(), signedBy: { id: 'u-bob', label: 'Bob Byte' }, signedOn: '2030-01-01T00:00:00Z' };
    const r = await resolve(forged, c);
    expect(r.value).toEqual(stored);
    expect(c.picker).not.toHaveBeenCalled();
    // Sent without any stamp, it still keeps the stored one.
    expect((await resolve(drawing(), ctx(stored, 5))).value).toEqual(stored);
  });

  it('gives a re-drawn signature a new stamp', async () => {
    const stored = { ...drawing(), ...stamp };
    const redrawn = { ...drawing('b'.repeat(32)), strokes: [[[5, 5, 0] as [number, number, number]]] };
    const v = (await resolve({ ...redrawn, ...stamp }, ctx(stored, 6))).value as SignatureValue;
    expect(v.signedBy).toEqual({ id: 'u-bob', label: 'Bob Byte' });
    expect(v.signedOn).not.toBe(stamp.signedOn);
    expect(v.version).toBe(6);
    // The same PNG key with other strokes is a different drawing too.
    const sameKey = { ...drawing(), strokes: [[[9, 9, 0] as [number, number, number]]] };
    expect(((await resolve(sameKey, ctx(stored, 7))).value as SignatureValue).version).toBe(7);
  });

  it('names the saver by user name or e-mail when they have no full name', async () => {
    const c = ctx(undefined);
    c.picker = async () => ({ id: 'u-x', username: '', email: 'x@example.com', fullname: ' ', roles: [] });
    expect(((await resolve(drawing(), c)).value as SignatureValue).signedBy).toEqual({
      id: 'u-x',
      label: 'x@example.com',
    });
  });

  it('leaves what is not a signature to validation', async () => {
    expect((await resolve('scribble', ctx(undefined))).value).toBe('scribble');
  });
});
