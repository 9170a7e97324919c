import { ReaderThreads } from './reader-threads.js';

/**
 * Threads with read-only connections to the SQLite file, for long selects outside any transaction (report and
 * widget figures, list pages): one connection answers one statement at a time, so eight widgets over a big app used
 * to wait for each other on the server's connection; here they spread over the machine's cores. WAL lets readers run
 * beside the writer, and each statement reads what was committed when it began, as on the server's connection.
 */
export class SqliteReaders extends ReaderThreads {
  constructor(file: string, size?: number, capacity?: number) {
    super(new URL('./sqlite-reader.worker.mjs', import.meta.url), { file }, size, capacity);
  }
}
