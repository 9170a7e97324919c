import crypto from 'node:crypto';
import { Readable } from 'node:stream';

/** Bytes read before the content is sniffed: the sniffer looks at 4 KiB and needs a few more to judge text. */
export const HEAD_BYTES = 4100;

export interface Ingest {
  /** The first bytes (all of them for a small file), for sniffing. */
  head: Buffer;
  /** The whole content, counted and hashed as it flows, failing once it passes the limit. */
  body: Readable;
  /** Size and SHA-256 once `body` has been read to its end. */
  result(): { size: number; sha256: string };
}

/**
 * Reads the head of an upload and gives back a stream of the whole of it that fails with `tooLarge()` as soon as
 * more than `limit` bytes came, so a file never lands beyond its limit whatever the client claimed, and never sits
 * in memory whole. Errors of the source (a client that went away) flow into `body`.
 */
export async function ingest(source: AsyncIterable<Buffer | Uint8Array>, limit: number, tooLarge: () => Error) {
  const it = source[Symbol.asyncIterator]();
  const hash = crypto.createHash('sha256');
  let size = 0;
  const take = (chunk: Buffer | Uint8Array) => {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += b.length;
    if (size > limit) throw tooLarge();
    hash.update(b);
    return b;
  };
  const first: Buffer[] = [];
  let seen = 0;
  let ended = false;
  while (seen < HEAD_BYTES) {
    const n = await it.next();
    if (n.done) {
      ended = true;
      break;
    }
    const b = take(n.value);
    first.push(b);
    seen += b.length;
  }
  const head = Buffer.concat(first);
  async function* whole() {
    if (head.length) yield head;
    if (ended) return;
    for (let n = await it.next(); !n.done; n = await it.next()) yield take(n.value);
  }
  return {
    head: head.subarray(0, HEAD_BYTES),
    body: Readable.from(whole(), { objectMode: false }),
    result: () => ({ size, sha256: hash.digest('hex') }),
  } satisfies Ingest;
}
