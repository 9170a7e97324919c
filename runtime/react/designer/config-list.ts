import type { JsonSchema } from '../../plugin-contract';

type Item = Record<string, unknown>;

/**
 * List edits for array-of-object settings (dropdown options, checklist flags). Items keep their key (id or value)
 * when renamed, so values already stored in records stay meaningful; new items get a fresh unique key.
 */
export function keyProperty(itemSchema: JsonSchema): string | undefined {
  const props = Object.keys((itemSchema.properties as Record<string, unknown> | undefined) ?? {});
  return ['id', 'value', 'key'].find((k) => props.includes(k));
}

export function labelProperty(itemSchema: JsonSchema): string | undefined {
  const props = Object.keys((itemSchema.properties as Record<string, unknown> | undefined) ?? {});
  return ['label', 'name', 'title', 'text'].find((k) => props.includes(k));
}

export function addItem(items: Item[], itemSchema: JsonSchema, labelFor: (n: number) => string): Item[] {
  const key = keyProperty(itemSchema);
  const label = labelProperty(itemSchema);
  const taken = new Set(items.map((i) => (key ? String(i[key]) : '')));
  let n = items.length + 1;
  const prefix = key === 'value' ? 'option' : 'item';
  while (taken.has(`${prefix}-${n}`)) n++;
  const item: Item = {};
  if (key) item[key] = `${prefix}-${n}`;
  if (label) item[label] = labelFor(n);
  return [...items, item];
}

export function renameItem(items: Item[], index: number, prop: string, text: string): Item[] {
  return items.map((it, i) => (i === index ? { ...it, [prop]: text } : it));
}

export function removeItem(items: Item[], index: number): Item[] {
  return items.filter((_, i) => i !== index);
}

export function moveItem(items: Item[], index: number, by: -1 | 1): Item[] {
  const to = index + by;
  if (to < 0 || to >= items.length) return items;
  const out = [...items];
  [out[index], out[to]] = [out[to]!, out[index]!];
  return out;
}

/** 'decimalPlaces' -> 'Decimal places': the fallback label when no translation exists. */
export const humanize = (key: string) =>
  key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase())
    .replace(/ ([A-Z])(?=[a-z])/g, (_, c: string) => ` ${c.toLowerCase()}`);
