// The shaping modules a reader thread has loaded (reader-threads.ts `shape`), each imported once. Plain JavaScript,
// shared by the SQLite and PostgreSQL reader threads.
const shapers = new Map();

/** The default export of a shaping module (a file URL), imported on first use. */
export function shaperOf(module) {
  let shaper = shapers.get(module);
  if (!shaper) shapers.set(module, (shaper = import(module).then((m) => m.default)));
  return shaper;
}
