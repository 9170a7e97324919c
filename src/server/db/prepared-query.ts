import { CompiledQuery, PostgresAdapter, type Compilable, type Kysely } from 'kysely';

/**
 * Queries built once per shape. Building and compiling a query costs more than running the small statements of a
 * workflow action; a prepared query is built the first time with param() placeholders for its values, compiled, and
 * afterwards only its parameters are filled in. The shape (which columns, how many rows) must be fixed by the key.
 */
const MARK = '\u0000param:';

/** A placeholder for a value of a prepared query, filled in by name each time it runs. */
export const param = <T = string>(name: string): T => `${MARK}${name}` as T;

type Slot = { name: string } | { value: unknown };
interface Template {
  compiled: CompiledQuery;
  slots: Slot[];
}

/** Compiled templates per adapter (one per dialect), then per key. */
const templates = new WeakMap<object, Map<string, Template>>();
const MAX_TEMPLATES = 500;

function templateOf<DB>(db: Kysely<DB>, key: string, compile: () => CompiledQuery): Template {
  const adapter = db.getExecutor().adapter;
  let byKey = templates.get(adapter);
  if (!byKey) templates.set(adapter, (byKey = new Map()));
  let t = byKey.get(key);
  if (!t) {
    const compiled = compile();
    const slots = compiled.parameters.map((p): Slot =>
      typeof p === 'string' && p.startsWith(MARK) ? { name: p.slice(MARK.length) } : { value: p },
    );
    // Oldest first: a burst of one-off shapes (lists with many filter values) must not evict all the others at once.
    if (byKey.size >= MAX_TEMPLATES) byKey.delete(byKey.keys().next().value!);
    byKey.set(key, (t = { compiled, slots }));
  }
  return t;
}

/** The compiled query of `key` (built by `build` the first time) with these values (and tenant) in its placeholders. */
export function fill<DB, R>(
  db: Kysely<DB>,
  key: string,
  build: () => Compilable<R>,
  values: Record<string, unknown>,
  tenantId: string,
): CompiledQuery<R> {
  return withValues(
    templateOf(db, key, () => build().compile()),
    key,
    values,
    tenantId,
  ) as CompiledQuery<R>;
}

function withValues(t: Template, key: string, values: Record<string, unknown>, tenantId: string): CompiledQuery {
  const parameters = t.slots.map((s) => {
    if (!('name' in s)) return s.value;
    const v = s.name === 'tenant' ? tenantId : values[s.name];
    if (v === undefined) throw new Error(`prepared query ${key}: no value for ${s.name}`);
    return v;
  });
  return { ...t.compiled, parameters };
}

/** One write of a batch; `mustAffect`: affecting no row means the rest is pointless (the caller rolls back). */
export interface WritePart {
  key: string;
  build: () => Compilable<unknown>;
  mustAffect?: boolean;
}

/**
 * PostgreSQL: the writes as one statement, each a data-modifying part of its WITH clause (one round trip instead of
 * one each), selecting how many rows each affected. The parts see one snapshot, so none may depend on another's rows.
 */
function combined(parts: WritePart[]): CompiledQuery {
  const compiled = parts.map((p) => p.build().compile());
  const withs: string[] = [];
  const parameters: unknown[] = [];
  for (const [i, c] of compiled.entries()) {
    const offset = parameters.length;
    // Kysely puts every value in a parameter, so $n occurs only as a placeholder.
    withs.push(`w${i} as (${c.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`)} returning 1)`);
    parameters.push(...c.parameters);
  }
  const counts = compiled.map((_, i) => `(select count(*) from w${i})::int as n${i}`);
  return CompiledQuery.raw(`with ${withs.join(', ')} select ${counts.join(', ')}`, parameters);
}

/**
 * Runs prepared writes in order and answers how many rows each affected: on PostgreSQL as one statement, elsewhere
 * one after another, stopping at a `mustAffect` part that affected nothing (later counts are then 0).
 */
export async function writeBatch<DB>(
  db: Kysely<DB>,
  parts: WritePart[],
  values: Record<string, unknown>,
  tenantId: string,
): Promise<number[]> {
  const key = parts.map((p) => p.key).join('|');
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const q = withValues(
      templateOf(db, `batch:${key}`, () => combined(parts)),
      key,
      values,
      tenantId,
    );
    const row = (await db.executeQuery<Record<string, number>>(q)).rows[0]!;
    return parts.map((_, i) => Number(row[`n${i}`]));
  }
  const counts = parts.map(() => 0);
  for (const [i, p] of parts.entries()) {
    const q = withValues(
      templateOf(db, p.key, () => p.build().compile()),
      p.key,
      values,
      tenantId,
    );
    counts[i] = Number((await db.executeQuery(q)).numAffectedRows ?? 0);
    if (p.mustAffect && !counts[i]) break;
  }
  return counts;
}

/** Placeholders for rows of one shape (for inserts): the rows to build with, and the values that fill them. */
export function rowParams<T extends object>(
  rows: T[],
  prefix = '',
  values: Record<string, unknown> = {},
): { rows: T[]; values: Record<string, unknown>; shape: string } {
  const shapes: string[] = [];
  const shaped = rows.map((r, i) => {
    const { row, shape } = objectParams(r, `${prefix}${i}.`, values);
    shapes.push(shape);
    return row;
  });
  return { rows: shaped, values, shape: shapes.join(';') };
}

/**
 * Placeholders for the defined values of an object (an update's set, one insert row), named with a prefix; the
 * values go into `values`. Undefined values are left out, as Kysely leaves them out.
 */
export function objectParams<T extends object>(
  obj: T,
  prefix: string,
  values: Record<string, unknown>,
): { row: T; shape: string } {
  const row: Record<string, unknown> = {};
  const keys: string[] = [];
  for (const [k, v] of Object.entries(obj)) {
    if (v === undefined) continue;
    row[k] = param(prefix + k);
    values[prefix + k] = v;
    keys.push(k);
  }
  return { row: row as T, shape: keys.join(',') };
}
