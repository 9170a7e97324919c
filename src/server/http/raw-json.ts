import crypto from 'node:crypto';

/**
 * JSON text written into an answer as it is: a part serialized elsewhere (a list's rows, on a SQLite reader thread)
 * is not parsed only to be written again. `answerBody` writes an answer holding such parts.
 */
export class RawJson {
  /** Stands in for the text during JSON.stringify: random, so no value of the answer can hold it. */
  readonly marker = `\u0001${crypto.randomUUID()}\u0001`;
  /**
   * The text, or the items of a JSON array written between brackets: each a JSON text, or the UTF-8 bytes of one or
   * more items with a comma between each two (as a reader thread wrote them).
   */
  constructor(readonly text: string | readonly (string | Uint8Array)[]) {}

  toJSON(): string {
    written.push(this);
    return this.marker;
  }
}

let written: RawJson[] = [];

const COMMA = 0x2c;
const OPEN = 0x5b;
const CLOSE = 0x5d;

/**
 * An answer's JSON as the bytes sent, each RawJson in it written as its text. The parts go straight into one buffer:
 * joining a list's rows into a string, splicing it into the answer, flattening that and encoding it for the socket
 * copied a page's text four times on the JavaScript heap (a third of a busy list server's allocation, by V8's
 * sampling heap profiler).
 */
export function answerBody(answer: unknown): Buffer {
  written = [];
  const text = JSON.stringify(answer);
  const raws = written;
  written = [];
  const pieces: (string | readonly (string | Uint8Array)[])[] = [];
  let from = 0;
  for (const raw of raws) {
    const marker = JSON.stringify(raw.marker);
    const at = text.indexOf(marker, from);
    pieces.push(text.slice(from, at), raw.text);
    from = at + marker.length;
  }
  pieces.push(text.slice(from));
  // An array's items take their bytes, two brackets and a comma between each two.
  const size = (item: string | Uint8Array) => (typeof item === 'string' ? Buffer.byteLength(item) : item.length);
  const bytes = (p: string | readonly (string | Uint8Array)[]) =>
    typeof p === 'string' ? size(p) : p.reduce((n, item) => n + size(item), 2 + Math.max(p.length - 1, 0));
  const body = Buffer.allocUnsafe(pieces.reduce((n, p) => n + bytes(p), 0));
  let at = 0;
  for (const p of pieces) {
    if (typeof p === 'string') {
      at += body.write(p, at);
      continue;
    }
    body[at++] = OPEN;
    p.forEach((item, i) => {
      if (i > 0) body[at++] = COMMA;
      if (typeof item === 'string') at += body.write(item, at);
      else {
        body.set(item, at);
        at += item.length;
      }
    });
    body[at++] = CLOSE;
  }
  return body;
}
