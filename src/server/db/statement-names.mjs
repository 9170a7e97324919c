// Names of PostgreSQL prepared statements, shared by the server's pool (pg-prepared.ts) and the reader threads
// (pg-reader.worker.mjs, plain JavaScript). A name follows from the statement's text alone, so every connection
// names a statement alike.
import crypto from 'node:crypto';

/** Named statements kept per connection at most; beyond it queries go unnamed (parsed and planned each time). */
export const MAX_PER_CONNECTION = 300;

const names = new Map();

export function statementName(text) {
  let n = names.get(text);
  if (!n) {
    if (names.size > 20_000) names.clear();
    n = `ff_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, n);
  }
  return n;
}
