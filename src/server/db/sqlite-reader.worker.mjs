// A reader thread of the SQLite reader pool (sqlite-readers.ts): its own read-only connection to the database file,
// answering the compiled selects it is sent, so long reads (report figures) run on another core. Plain JavaScript:
// it needs nothing of the server's code, so no TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const conn = new SQLite(workerData.file, { readonly: true, fileMustExist: true });
conn.pragma('busy_timeout = 5000');
const statements = new Map();

parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    let stmt = statements.get(sql);
    if (!stmt) {
      if (statements.size >= 500) statements.clear();
      stmt = conn.prepare(sql);
      statements.set(sql, stmt);
    }
    if (!stmt.reader) throw Object.assign(new Error('a reader thread only reads'), { code: 'READ_ONLY' });
    parentPort.postMessage({ id, rows: stmt.all(parameters) });
  } catch (err) {
    parentPort.postMessage({ id, error: { message: String(err?.message ?? err), code: err?.code } });
  }
});
