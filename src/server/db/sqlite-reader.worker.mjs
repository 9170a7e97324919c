// A reader thread of the SQLite reader pool (sqlite-readers.ts): its own read-only connection to the database file,
// answering the compiled selects it is sent, so long reads (report figures) run on another core. Plain JavaScript:
// it needs nothing of the server's code, so no TypeScript loader. A select may name a plain JavaScript module
// (`shape`) whose default export `(rows, options, columns)` turns the rows (arrays) into the answer, so that work
// is done here too.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { postShaped, useArena } from './shaped-answer.mjs';

const conn = new SQLite(workerData.file, { readonly: true, fileMustExist: true });
useArena(workerData.arena);
conn.pragma('busy_timeout = 5000');
// Pages read from the file's mapping instead of a read call each (a list page touches ~100 scattered pages): up to
// 2 GB, the most this build of SQLite maps; the rest of a bigger file is read as before.
conn.pragma('mmap_size = 2147418112');
const statements = new Map();
const shapers = new Map();

parentPort.on('message', async ({ id, sql, parameters, shape }) => {
  try {
    let stmt = statements.get(sql);
    if (!stmt) {
      if (statements.size >= 500) statements.clear();
      stmt = conn.prepare(sql);
      statements.set(sql, stmt);
    }
    if (!stmt.reader) throw Object.assign(new Error('a reader thread only reads'), { code: 'READ_ONLY' });
    if (!shape) return parentPort.postMessage({ id, rows: stmt.raw(false).all(parameters) });
    // A shaper gets each row as an array and the column names: SQLite's rows as objects cost a fifth of the read.
    const rows = stmt.raw(true).all(parameters);
    let shaper = shapers.get(shape.module);
    if (!shaper) shapers.set(shape.module, (shaper = import(shape.module).then((m) => m.default)));
    const columns = stmt.columns().map((c) => c.name);
    postShaped(parentPort, id, (await shaper)(rows, shape.options, columns));
  } catch (err) {
    parentPort.postMessage({ id, error: { message: String(err?.message ?? err), code: err?.code } });
  }
});
