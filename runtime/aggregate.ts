import type { AggregateFn } from './plugin-contract';

const numeric = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
};

/**
 * `fn` over the values of one field of several records: count counts the records, the others read the values
 * as numbers and skip what is not one. Null when there is nothing to sum up (no records, or no numbers).
 */
export function aggregateValues(values: unknown[], fn: AggregateFn): number | null {
  if (fn === 'count') return values.length;
  const nums = values.map(numeric).filter((n): n is number => n !== undefined);
  if (!nums.length) return fn === 'sum' ? 0 : null;
  if (fn === 'sum') return round(nums.reduce((a, b) => a + b, 0));
  if (fn === 'avg') return round(nums.reduce((a, b) => a + b, 0) / nums.length);
  return fn === 'min' ? Math.min(...nums) : Math.max(...nums);
}

/** Sums of decimals without the binary noise (0.1 + 0.2 is 0.3). */
const round = (n: number) => Math.round(n * 1e10) / 1e10;

/** The ids a value names: one reference, a list of them, or ids as text. */
export function idsOf(value: unknown): string[] {
  const one = (v: unknown): string[] =>
    typeof v === 'string' && v
      ? [v]
      : v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string'
        ? [(v as { id: string }).id]
        : [];
  return [...new Set(Array.isArray(value) ? value.flatMap(one) : one(value))].slice(0, 500);
}
