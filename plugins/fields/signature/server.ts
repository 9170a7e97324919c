import { defineFieldServer } from '../../../runtime/plugin-contract';
import { manifest, type SignatureValue } from './manifest';

/** What only the server may write into a signature. */
const STAMP = ['signedBy', 'signedOn', 'version'] as const;

const isSignature = (v: unknown): v is SignatureValue =>
  !!v && typeof v === 'object' && !Array.isArray(v) && typeof (v as SignatureValue).key === 'string';

/** The same drawing: the same PNG from the same strokes. */
const sameDrawing = (a: SignatureValue, b: SignatureValue) =>
  a.key === b.key && JSON.stringify(a.strokes) === JSON.stringify(b.strokes);

/**
 * Stamps a signature with who signed it, when, and on which record version. A new or re-drawn signature gets the
 * saver and now; an unchanged one keeps its stored stamp. Whatever the browser sent in those properties is dropped,
 * so nobody can sign in someone else's name or date.
 */
export const server = defineFieldServer({
  manifest,
  async resolve(value, _config, ctx) {
    if (!isSignature(value)) return { value, messages: [] };
    const drawing: Record<string, unknown> = { ...value };
    for (const k of STAMP) delete drawing[k];
    const before = ctx.before;
    if (isSignature(before) && sameDrawing(value, before)) {
      const kept = Object.fromEntries(STAMP.filter((k) => before[k] !== undefined).map((k) => [k, before[k]]));
      return { value: { ...drawing, ...kept }, messages: [] };
    }
    const saver = await ctx.picker();
    const label = [saver.fullname, saver.username, saver.email].find((x) => typeof x === 'string' && x.trim());
    return {
      value: {
        ...drawing,
        signedBy: { id: String(saver.id), label: String(label ?? saver.id) },
        signedOn: new Date().toISOString(),
        ...(typeof ctx.version === 'number' ? { version: ctx.version } : {}),
      },
      messages: [],
    };
  },
});
