import crypto from 'node:crypto';

/**
 * JSON text written into an answer as it is: a part serialized elsewhere (a list's rows, on a SQLite reader thread)
 * is not parsed only to be written again. `answerText` writes an answer holding such parts.
 */
export class RawJson {
  /** Stands in for the text during JSON.stringify: random, so no value of the answer can hold it. */
  readonly marker = `\u0001${crypto.randomUUID()}\u0001`;
  constructor(readonly text: string) {}

  toJSON(): string {
    written.push(this);
    return this.marker;
  }
}

let written: RawJson[] = [];

/** JSON.stringify of an answer, each RawJson in it written as its text. */
export function answerText(answer: unknown): string {
  written = [];
  let text = JSON.stringify(answer);
  for (const raw of written) text = text.replace(JSON.stringify(raw.marker), () => raw.text);
  written = [];
  return text;
}
