import type { LoadedVersion } from '../records/store.js';

/** Field types whose values never enter the audit trail: only the fact that they changed. */
const SECRET_TYPES = new Set(['password']);
const MASK = '••••••';

export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

const parse = (d: string | Record<string, unknown> | null | undefined): Record<string, unknown> =>
  typeof d === 'string' ? (JSON.parse(d) as Record<string, unknown>) : (d ?? {});

/** The fields of a record whose values differ, old → new, with secret fields masked. */
export function recordChanges(
  v: Pick<LoadedVersion, 'compiled'> | undefined,
  before: string | Record<string, unknown> | null | undefined,
  after: string | Record<string, unknown> | null | undefined,
): FieldChanges {
  const a = parse(before);
  const b = parse(after);
  const out: FieldChanges = {};
  for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (JSON.stringify(a[name] ?? null) === JSON.stringify(b[name] ?? null)) continue;
    const secret = SECRET_TYPES.has(v?.compiled.fields[name]?.def.fieldType ?? '');
    out[name] = secret
      ? { from: a[name] == null ? null : MASK, to: b[name] == null ? null : MASK }
      : { from: a[name] ?? null, to: b[name] ?? null };
  }
  return out;
}
