// CPU time of processes from /proc (Linux), for benches that report CPU per request of the server and the database.
import fs from 'node:fs';
import pg from 'pg';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** User plus system CPU milliseconds a process has used so far (0 when it is gone). */
export function processCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/**
 * CPU milliseconds of the PostgreSQL backends serving one database, per backend pid (pg_stat_activity), so a
 * difference between two readings is the database's work in between (backends that start meanwhile count from 0).
 */
export async function postgresBackendsCpu(databaseUrl: string): Promise<Map<number, number>> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const r = await c.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return new Map(r.rows.map((x) => [x.pid, processCpuMs(x.pid)]));
  } finally {
    await c.end();
  }
}

/** PostgreSQL's buffer cache: with Debian's 128 MB most of a list page's table rows are read from the OS cache. */
export async function postgresSharedBuffers(databaseUrl: string): Promise<string> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    return (await c.query<{ shared_buffers: string }>('show shared_buffers')).rows[0]!.shared_buffers;
  } finally {
    await c.end();
  }
}

/** What the backends used between two readings. */
export function backendsCpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, now] of after) ms += now - (before.get(pid) ?? 0);
  return ms;
}
