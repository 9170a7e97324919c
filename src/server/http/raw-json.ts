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
   * more items with a comma between each two (as a reader thread wrote them). `ownsRoom`: the bytes of the one item
   * are the answer's alone, and the answer may be written around them in their buffer when it has room enough.
   */
  constructor(
    readonly text: string | readonly (string | Uint8Array)[],
    readonly ownsRoom = false,
  ) {}

  toJSON(): string {
    written.push(this);
    return this.marker;
  }
}

let written: RawJson[] = [];

const COMMA = 0x2c;
const OPEN = 0x5b;
const CLOSE = 0x5d;

type Piece = string | readonly (string | Uint8Array)[];

/** The bytes a piece takes: a text's UTF-8, or an array's items, two brackets and a comma between each two. */
function bytesOf(p: Piece): number {
  const size = (item: string | Uint8Array) => (typeof item === 'string' ? Buffer.byteLength(item) : item.length);
  return typeof p === 'string' ? size(p) : p.reduce((n, item) => n + size(item), 2 + Math.max(p.length - 1, 0));
}

/** Writes the pieces into `body` from `at`; returns where they end. */
function writePieces(body: Buffer, at: number, pieces: readonly Piece[]): number {
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
  return at;
}

/**
 * An answer's JSON as the bytes sent, each RawJson in it written as its text. The parts go straight into one buffer:
 * joining a list's rows into a string, splicing it into the answer, flattening that and encoding it for the socket
 * copied a page's text four times on the JavaScript heap (a third of a busy list server's allocation, by V8's
 * sampling heap profiler). When a part's bytes own room enough around them, the rest is written there and they are
 * not copied at all: a list page's bytes were V8's memory outside its heap twice over, and each 32 MB of such young
 * memory makes a scavenge, however little the heap itself allocated.
 */
export function answerBody(answer: unknown): Buffer {
  written = [];
  const text = JSON.stringify(answer);
  const raws = written;
  written = [];
  const pieces: Piece[] = [];
  let roomy = -1;
  let from = 0;
  for (const raw of raws) {
    const marker = JSON.stringify(raw.marker);
    const at = text.indexOf(marker, from);
    pieces.push(text.slice(from, at));
    if (raw.ownsRoom && roomy < 0 && raw.text.length === 1 && typeof raw.text[0] !== 'string') roomy = pieces.length;
    pieces.push(raw.text);
    from = at + marker.length;
  }
  pieces.push(text.slice(from));
  if (roomy >= 0) {
    const inPlace = writeAround(pieces.slice(0, roomy), pieces[roomy]![0] as Uint8Array, pieces.slice(roomy + 1));
    if (inPlace) return inPlace;
  }
  const body = Buffer.allocUnsafe(pieces.reduce((n, p) => n + bytesOf(p), 0));
  writePieces(body, 0, pieces);
  return body;
}

/** The answer written around `bytes` (one array's only item) in their own buffer, or undefined without the room. */
function writeAround(before: Piece[], bytes: Uint8Array, after: Piece[]): Buffer | undefined {
  const head = before.reduce((n, p) => n + bytesOf(p), 1);
  const tail = after.reduce((n, p) => n + bytesOf(p), 1);
  const start = bytes.byteOffset - head;
  const end = bytes.byteOffset + bytes.length + tail;
  if (start < 0 || end > bytes.buffer.byteLength) return undefined;
  const body = Buffer.from(bytes.buffer, start, end - start);
  body[writePieces(body, 0, before)] = OPEN;
  body[head + bytes.length] = CLOSE;
  writePieces(body, head + bytes.length + 1, after);
  return body;
}
