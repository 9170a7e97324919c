import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HEAD_BYTES, ingest } from './ingest.js';

async function* chunks(sizes: number[], fill = 7) {
  for (const n of sizes) yield Buffer.alloc(n, fill);
}
const drain = async (s: AsyncIterable<Buffer>) => {
  const out: Buffer[] = [];
  for await (const c of s) out.push(c);
  return Buffer.concat(out);
};
const big = () => new Error('too large');

describe('ingest', () => {
  it('gives the head for sniffing and the whole content back, counted and hashed', async () => {
    const up = await ingest(chunks([1000, 1000, 3000, 50_000]), 1_000_000, big);
    expect(up.head.length).toBe(HEAD_BYTES);
    const all = await drain(up.body);
    expect(all.length).toBe(55_000);
    expect(up.result()).toEqual({ size: 55_000, sha256: crypto.createHash('sha256').update(all).digest('hex') });
  });

  it('handles a file smaller than the head', async () => {
    const up = await ingest(chunks([10]), 100, big);
    expect(up.head.length).toBe(10);
    expect((await drain(up.body)).length).toBe(10);
  });

  it('fails as soon as the bytes pass the limit, in the head or later', async () => {
    await expect(ingest(chunks([5000]), 4000, big)).rejects.toThrow('too large');
    const up = await ingest(chunks([4100, 4000, 4000]), 10_000, big);
    await expect(drain(up.body)).rejects.toThrow('too large');
  });

  it('passes on a failure of the source', async () => {
    async function* broken() {
      yield Buffer.alloc(5000);
      throw new Error('client went away');
    }
    const up = await ingest(broken(), 100_000, big);
    await expect(drain(up.body)).rejects.toThrow('client went away');
  });
});
