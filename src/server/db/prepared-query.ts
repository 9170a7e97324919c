import type { CompiledQuery, Compilable, Kysely } from 'kysely';

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

function templateOf<DB>(db: Kysely<DB>, key: string, build: () => Compilable<unknown>): Template {
  const adapter = db.getExecutor().adapter;
  let byKey = templates.get(adapter);
  if (!byKey) templates.set(adapter, (byKey = new Map()));
  let t = byKey.get(key);
  if (!t) {
    const compiled = build().compile();
    const slots = compiled.parameters.map((p): Slot =>
      typeof p === 'string' && p.startsWith(MARK) ? { name: p.slice(MARK.length) } : { value: p },
    );
    if (byKey.size >= MAX_TEMPLATES) byKey.clear();
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
  const t = templateOf(db, key, build);
  const parameters = t.slots.map((s) => {
    if (!('name' in s)) return s.value;
    const v = s.name === 'tenant' ? tenantId : values[s.name];
    if (v === undefined) throw new Error(`prepared query ${key}: no value for ${s.name}`);
    return v;
  });
  return { ...t.compiled, parameters } as CompiledQuery<R>;
}

/** Placeholders for rows of one shape (for inserts): the rows to build with, and the values that fill them. */
export function rowParams<T extends object>(rows: T[]): { rows: T[]; values: Record<string, unknown>; shape: string } {
  const values: Record<string, unknown> = {};
  const shapes: string[] = [];
  const shaped = rows.map((r, i) => {
    const { row, shape } = objectParams(r, `${i}.`, values);
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
