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

/** Setting names whose values never enter the trail (secrets, keys, passwords, tokens, certificates' keys). */
const SECRET_KEY = /secret|password|passwd|token|api.?key|private|credential/i;

/**
 * The settings that differ, old → new, for configuration entries (connectors, single sign-on): nested objects are
 * compared by their dotted names, and a secret-looking name is reported only as changed (masked).
 */
export function settingsChanges(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): FieldChanges {
  const flat = (o: Record<string, unknown> | null | undefined, into: Record<string, unknown>, prefix = '') => {
    for (const [k, v] of Object.entries(o ?? {})) {
      if (v && typeof v === 'object' && !Array.isArray(v)) flat(v as Record<string, unknown>, into, `${prefix}${k}.`);
      else into[`${prefix}${k}`] = v;
    }
    return into;
  };
  const a = flat(before, {});
  const b = flat(after, {});
  const out: FieldChanges = {};
  for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (JSON.stringify(a[name] ?? null) === JSON.stringify(b[name] ?? null)) continue;
    out[name] = SECRET_KEY.test(name)
      ? { from: a[name] == null ? null : MASK, to: b[name] == null ? null : MASK }
      : { from: a[name] ?? null, to: b[name] ?? null };
  }
  return out;
}
