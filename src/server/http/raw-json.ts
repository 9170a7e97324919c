import crypto from 'node:crypto';
import type { AnswerRoom } from '../db/shaped-answer.mjs';

/**
 * JSON text written into an answer as it is: a part serialized elsewhere (a list's rows, on a SQLite reader thread)
 * is not parsed only to be written again. `answerBody` writes an answer holding such parts.
 */
export class RawJson {
  /** Stands in for the text during JSON.stringify: random, so no value of the answer can hold it. */
  readonly marker = `\u0001${crypto.randomUUID()}\u0001`;
  /**
   * The text, or the items of a JSON array written between brackets: each a JSON text, or the UTF-8 bytes of one or
   * more items with a comma between each two (as a reader thread wrote them). `room`: the part of the buffer the one
   * item's bytes view that is the answer's alone; the answer may be written around them there when it has room
   * enough, and its `release` is the answer's to call (answerBody).
   */
  constructor(
    readonly text: string | readonly (string | Uint8Array)[],
    readonly room?: AnswerRoom,
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

/** An answer's bytes, and what to call once they have been sent, when the memory they view is then reused. */
export interface AnswerBytes {
  body: Buffer;
  release?: () => void;
}

/**
 * An answer's JSON as the bytes sent, each RawJson in it written as its text. The parts go straight into one buffer:
 * joining a list's rows into a string, splicing it into the answer, flattening that and encoding it for the socket
 * copied a page's text four times on the JavaScript heap (a third of a busy list server's allocation, by V8's
 * sampling heap profiler). When a part's bytes have room enough around them, the rest is written there and they are
 * not copied at all: a list page's bytes were V8's memory outside its heap twice over, and each 32 MB of such young
 * memory makes a scavenge, however little the heap itself allocated.
 */
export function answerBody(answer: unknown): AnswerBytes {
  written = [];
  const text = JSON.stringify(answer);
  const raws = written;
  written = [];
  const pieces: Piece[] = [];
  let roomy: { at: number; raw: RawJson } | undefined;
  let from = 0;
  for (const raw of raws) {
    const marker = JSON.stringify(raw.marker);
    const at = text.indexOf(marker, from);
    pieces.push(text.slice(from, at));
    if (raw.room && !roomy && raw.text.length === 1 && typeof raw.text[0] !== 'string')
      roomy = { at: pieces.length, raw };
    pieces.push(raw.text);
    from = at + marker.length;
  }
  pieces.push(text.slice(from));
  // Rooms not written in are free again at once (their bytes are copied into the answer).
  const others = (kept?: RawJson) => raws.forEach((r) => r !== kept && r.room?.release?.());
  if (roomy) {
    const { at, raw } = roomy;
    const inPlace = writeAround(pieces.slice(0, at), raw.text[0] as Uint8Array, raw.room!, pieces.slice(at + 1));
    if (inPlace) {
      others(raw);
      return { body: inPlace, release: raw.room!.release };
    }
  }
  const body = Buffer.allocUnsafe(pieces.reduce((n, p) => n + bytesOf(p), 0));
  writePieces(body, 0, pieces);
  others();
  return { body };
}

/** The answer written around `bytes` (one array's only item) within their room, or undefined without the space. */
function writeAround(before: Piece[], bytes: Uint8Array, room: AnswerRoom, after: Piece[]): Buffer | undefined {
  const head = before.reduce((n, p) => n + bytesOf(p), 1);
  const tail = after.reduce((n, p) => n + bytesOf(p), 1);
  const start = bytes.byteOffset - head;
  const end = bytes.byteOffset + bytes.length + tail;
  if (start < room.start || end > room.end) return undefined;
  const body = Buffer.from(bytes.buffer, start, end - start);
  body[writePieces(body, 0, before)] = OPEN;
  body[head + bytes.length] = CLOSE;
  writePieces(body, head + bytes.length + 1, after);
  return body;
}
