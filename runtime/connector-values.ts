import type { JsonSchema } from './plugin-contract';

/** `{{name}}` in a connector's settings: filled from the run's inputs (a record's values, or a test's). */
export const TEMPLATE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** The input names some texts of the settings read. */
export function templateInputs(texts: string[]): string[] {
  const names = new Set<string>();
  for (const text of texts) for (const m of text.matchAll(TEMPLATE)) names.add(m[1]!);
  return [...names];
}

/** An input as text: a reference (`{ id, label }`) goes out as its id, other objects as JSON. */
export function inputText(input: Record<string, unknown>, name: string): string {
  const v = Object.hasOwn(input, name) ? input[name] : undefined;
  if (v === null || v === undefined) return '';
  if (typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string') return (v as { id: string }).id;
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** Reads `a.b.c` (or `items.0.id`) of an answer, through own properties only. */
export function readPath(value: unknown, path: string): unknown {
  let v = value;
  for (const key of path.split('.').filter(Boolean)) {
    if (!v || typeof v !== 'object' || !Object.hasOwn(v, key)) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/** A connector's outputs: values of the answer (below its response path) copied into fields. */
export const outputsSchema: JsonSchema = {
  type: 'array',
  maxItems: 50,
  items: {
    type: 'object',
    properties: { path: { type: 'string', maxLength: 200 }, field: { type: 'string', minLength: 1, maxLength: 64 } },
    required: ['path', 'field'],
    additionalProperties: false,
  },
};

/**
 * What an answer gives at the response path: the values for fields (of its first item when it is a list) and its
 * columns, for display_columns.available.
 */
export function answerValues(answer: unknown, responsePath: string, outputs: { path: string; field: string }[]) {
  const data = readPath(answer, responsePath);
  const first = Array.isArray(data) ? data[0] : data;
  const columns = first && typeof first === 'object' && !Array.isArray(first) ? Object.keys(first).slice(0, 100) : [];
  const values = Object.fromEntries(outputs.map((o) => [o.field, readPath(first, o.path) ?? null]));
  return { outputs: values, columns };
}
