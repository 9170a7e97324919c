// How a reader thread sends a shaped answer (reader-threads.ts `shaped`). Plain JavaScript, like the readers.

/**
 * Sends `answer` for job `id`. Its `bytes`, when it has them, must view a buffer of their own (never Buffer's
 * shared pool): the buffer is moved to the server's thread rather than copied, so the server gets it without an
 * allocation and a copy of its own and can write the rest of its answer around the bytes in that buffer.
 */
export function postShaped(port, id, answer) {
  const bytes = answer?.bytes;
  port.postMessage({ id, rows: answer }, bytes instanceof Uint8Array ? [bytes.buffer] : []);
}
