import { ExpressionError, LIMITS } from './ast';

export type Value = number | string | boolean | null | Value[] | { [k: string]: Value };
export interface FnContext {
  now: Date;
}
type Fn = (args: Value[], ctx: FnContext) => Value;

export const isBlank = (v: Value | undefined): boolean =>
  v === null ||
  v === undefined ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && !Array.isArray(v) && v !== null && Object.keys(v).length === 0);

export function num(v: Value | undefined): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v === null || v === undefined || v === '') return 0;
  if (typeof v === 'string') {
    const n = Number(v.trim());
    if (Number.isFinite(n)) return n;
  }
  throw new ExpressionError(`#VALUE! '${typeof v === 'string' ? v.slice(0, 40) : typeof v}' is not a number`);
}

export function str(v: Value | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

export function checkString(s: string): string {
  if (s.length > LIMITS.maxString)
    throw new ExpressionError(`Text result is longer than ${LIMITS.maxString} characters`);
  return s;
}

const flat = (args: Value[]): Value[] => args.flatMap((a) => (Array.isArray(a) ? flat(a) : [a]));
const nums = (args: Value[]) =>
  flat(args)
    .filter((v) => !isBlank(v))
    .map(num);
const round = (x: number, d: number, mode: 'round' | 'up' | 'down') => {
  const f = 10 ** d;
  const y = Math.abs(x) * f;
  const r = mode === 'round' ? Math.round(y) : mode === 'up' ? Math.ceil(y - 1e-9) : Math.floor(y + 1e-9);
  return (Math.sign(x) * r) / f;
};

function toDate(v: Value | undefined): Date {
  const s = str(v);
  const d = /^\d{4}-\d{2}-\d{2}$/.test(s) ? new Date(`${s}T00:00:00Z`) : new Date(s);
  if (Number.isNaN(d.getTime())) throw new ExpressionError(`#VALUE! '${s.slice(0, 40)}' is not a date`);
  return d;
}
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const DAY = 86_400_000;

const TABLE: Record<string, Fn> = {
  SUM: (a) => nums(a).reduce((x, y) => x + y, 0),
  MIN: (a) => (nums(a).length ? Math.min(...nums(a)) : 0),
  MAX: (a) => (nums(a).length ? Math.max(...nums(a)) : 0),
  AVERAGE: (a) => {
    const n = nums(a);
    if (!n.length) throw new ExpressionError('#DIV/0! AVERAGE of nothing');
    return n.reduce((x, y) => x + y, 0) / n.length;
  },
  COUNT: (a) =>
    flat(a).filter(
      (v) => typeof v === 'number' || (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))),
    ).length,
  COUNTA: (a) => flat(a).filter((v) => !isBlank(v)).length,
  ROUND: (a) => round(num(a[0]), num(a[1] ?? 0), 'round'),
  ROUNDUP: (a) => round(num(a[0]), num(a[1] ?? 0), 'up'),
  ROUNDDOWN: (a) => round(num(a[0]), num(a[1] ?? 0), 'down'),
  ABS: (a) => Math.abs(num(a[0])),
  INT: (a) => Math.floor(num(a[0])),
  MOD: (a) => {
    const d = num(a[1]);
    if (d === 0) throw new ExpressionError('#DIV/0! MOD by zero');
    const n = num(a[0]);
    return n - d * Math.floor(n / d);
  },
  POWER: (a) => num(a[0]) ** num(a[1]),
  SQRT: (a) => {
    const n = num(a[0]);
    if (n < 0) throw new ExpressionError('#NUM! SQRT of a negative number');
    return Math.sqrt(n);
  },
  IF: (a) => (truthy(a[0] ?? null) ? (a[1] ?? true) : (a[2] ?? false)),
  IFS: (a) => {
    for (let i = 0; i + 1 < a.length; i += 2) if (truthy(a[i]!)) return a[i + 1]!;
    throw new ExpressionError('#N/A no IFS condition was true');
  },
  AND: (a) => flat(a).every((v) => truthy(v)),
  OR: (a) => flat(a).some((v) => truthy(v)),
  NOT: (a) => !truthy(a[0] ?? null),
  CONCAT: (a) => checkString(flat(a).map(str).join('')),
  CONCATENATE: (a) => checkString(flat(a).map(str).join('')),
  LEN: (a) => str(a[0]).length,
  LEFT: (a) => str(a[0]).slice(0, Math.max(0, num(a[1] ?? 1))),
  RIGHT: (a) => {
    const s = str(a[0]);
    const n = Math.max(0, num(a[1] ?? 1));
    return n ? s.slice(-n) : '';
  },
  MID: (a) => str(a[0]).substr(Math.max(0, num(a[1]) - 1), Math.max(0, num(a[2]))),
  UPPER: (a) => str(a[0]).toUpperCase(),
  LOWER: (a) => str(a[0]).toLowerCase(),
  TRIM: (a) => str(a[0]).trim().replace(/\s+/g, ' '),
  SUBSTITUTE: (a) => checkString(str(a[0]).split(str(a[1])).join(str(a[2]))),
  REPT: (a) => {
    const times = Math.max(0, Math.floor(num(a[1])));
    const s = str(a[0]);
    if (s.length * times > LIMITS.maxString)
      throw new ExpressionError(`Text result is longer than ${LIMITS.maxString} characters`);
    return s.repeat(times);
  },
  TEXT: (a) => {
    const v = a[0] ?? null;
    const fmt = str(a[1]);
    const m = /^0(?:\.(0+))?$/.exec(fmt);
    return m ? num(v).toFixed(m[1]?.length ?? 0) : str(v);
  },
  VALUE: (a) => num(a[0]),
  ISBLANK: (a) => isBlank(a[0]),
  ISNUMBER: (a) => typeof a[0] === 'number',
  COALESCE: (a) => a.find((v) => !isBlank(v)) ?? null,
  CONTAINS: (a) => str(a[0]).toLowerCase().includes(str(a[1]).toLowerCase()),
  STARTSWITH: (a) => str(a[0]).toLowerCase().startsWith(str(a[1]).toLowerCase()),
  ENDSWITH: (a) => str(a[0]).toLowerCase().endsWith(str(a[1]).toLowerCase()),
  TODAY: (_a, ctx) => isoDate(ctx.now),
  NOW: (_a, ctx) => ctx.now.toISOString(),
  DATE: (a) => isoDate(new Date(Date.UTC(num(a[0]), num(a[1]) - 1, num(a[2])))),
  YEAR: (a) => toDate(a[0]).getUTCFullYear(),
  MONTH: (a) => toDate(a[0]).getUTCMonth() + 1,
  DAY: (a) => toDate(a[0]).getUTCDate(),
  DAYS: (a) => Math.round((toDate(a[0]).getTime() - toDate(a[1]).getTime()) / DAY),
  EDATE: (a) => {
    const d = toDate(a[0]);
    return isoDate(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + num(a[1]), d.getUTCDate())));
  },
  DATEDIF: (a) => {
    const s = toDate(a[0]);
    const e = toDate(a[1]);
    if (e < s) throw new ExpressionError('#NUM! DATEDIF end is before start');
    const unit = str(a[2]).toUpperCase();
    const months =
      (e.getUTCFullYear() - s.getUTCFullYear()) * 12 +
      e.getUTCMonth() -
      s.getUTCMonth() -
      (e.getUTCDate() < s.getUTCDate() ? 1 : 0);
    if (unit === 'Y') return Math.floor(months / 12);
    if (unit === 'M') return months;
    return Math.round((e.getTime() - s.getTime()) / DAY);
  },
};

/** Null-prototype, so a name like CONSTRUCTOR or __PROTO__ finds nothing. */
export const FUNCTIONS: Record<string, Fn> = Object.assign(Object.create(null) as Record<string, Fn>, TABLE);

export function truthy(v: Value | undefined): boolean {
  if (typeof v === 'string') return v !== '' && v.toLowerCase() !== 'false' && v !== '0';
  if (Array.isArray(v)) return v.length > 0;
  return !!v;
}

export const FUNCTION_NAMES = Object.keys(FUNCTIONS);
