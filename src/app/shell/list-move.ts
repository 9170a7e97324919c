/** Moves the item at `i` by `by` places (up: -1, down: +1); out-of-range moves leave the list as it is. */
export function move<T>(list: T[], i: number, by: number): T[] {
  const j = i + by;
  if (i < 0 || i >= list.length || j < 0 || j >= list.length) return list;
  const next = [...list];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}
