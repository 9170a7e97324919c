import { FILTER_OPERATORS, UNARY_OPERATORS, type FilterOperator } from './expressions/operators';
import type { FieldResolveContext, JsonSchema, RecordRef } from './plugin-contract';
import { isEmptyValue } from './text-rules';

/**
 * Spec section 3's lookup filter: a field of the looked-up app compared with a literal, this form's field, or
 * (type User) something of the person picking: their id, username, email, full name or roles. The server fills
 * those in; the browser never says who is asking.
 */
export interface LookupFilter {
  field: string;
  operator: FilterOperator;
  value?: unknown;
  type: 'literal' | 'Field' | 'User';
}

/** What a User filter may compare with. */
export const USER_FILTER_VALUES = ['id', 'username', 'email', 'fullname', 'roles'] as const;
export type Picker = Record<(typeof USER_FILTER_VALUES)[number], string | string[]>;

/** What a record-picking field declares about the app it picks from (manifest.recordSource). */
export interface RecordSource {
  moduleId: string;
  /** The field of that app whose value labels a record. */
  labelField: string;
  /** More fields shown beside the label while picking. */
  columns: string[];
  filters: LookupFilter[];
  sort: 'asc' | 'desc';
  /** Values copied from the picked record into fields of this form (spec: flowToLookUp). */
  flow: { from: string; to: string }[];
}

/** A filter as the server runs it: the value is now a literal. */
export interface ResolvedFilter {
  field: string;
  operator: FilterOperator;
  value?: unknown;
}

export const isFilterOperator = (op: unknown): op is FilterOperator =>
  (FILTER_OPERATORS as readonly unknown[]).includes(op);

/** A stored reference ({ id, label }) compares by its id. */
const plain = (v: unknown): unknown =>
  v && typeof v === 'object' && !Array.isArray(v) && typeof (v as { id?: unknown }).id === 'string'
    ? (v as { id: string }).id
    : v;

/**
 * The filters with this form's values put in. Undefined when a filter needs a value the form does not have yet
 * (a dependent picker offers nothing until the field it depends on is filled).
 */
export function resolveFilters(
  filters: readonly LookupFilter[],
  data: Record<string, unknown>,
  picker?: Picker,
): ResolvedFilter[] | undefined {
  const out: ResolvedFilter[] = [];
  for (const f of filters) {
    if (!isFilterOperator(f.operator)) continue;
    if (UNARY_OPERATORS.includes(f.operator)) {
      out.push({ field: f.field, operator: f.operator });
      continue;
    }
    const raw =
      f.type === 'Field'
        ? Object.hasOwn(data, String(f.value))
          ? data[String(f.value)]
          : undefined
        : f.type === 'User'
          ? (USER_FILTER_VALUES as readonly unknown[]).includes(f.value) && picker
            ? picker[f.value as keyof Picker]
            : undefined
          : f.value;
    const value = Array.isArray(raw) ? raw.map(plain) : plain(raw);
    if (isEmptyValue(value)) return undefined;
    out.push({ field: f.field, operator: f.operator, value });
  }
  return out;
}

/** The names of this form's fields the filters read: a picker's options change when one of them does. */
export const filterInputs = (filters: readonly LookupFilter[]): string[] =>
  filters.filter((f) => f.type === 'Field' && typeof f.value === 'string').map((f) => f.value as string);

/** The settings every record-picking field has (spec section 3: moduleId, filters, sortType, flowToLookUp). */
export interface LookupSettings {
  /** The app whose records are picked. */
  moduleId: string;
  /** Its field that labels a record (stored with the reference, so lists never look it up again). */
  displayField: string;
  /** More of its fields shown beside the label while picking. */
  displayColumns: string[];
  filters: LookupFilter[];
  sortType: 'Ascending' | 'Descending';
  /** Values copied from the picked record into fields of this form. */
  flowToLookUp: { from: string; to: string }[];
}

const NAME = { type: 'string', maxLength: 64 } as const;

/** The JSON Schema properties of LookupSettings, for a plugin's configSchema. */
export const lookupSettingsSchema: Record<keyof LookupSettings, JsonSchema> = {
  moduleId: { type: 'string', maxLength: 64 },
  displayField: NAME,
  displayColumns: { type: 'array', items: NAME, maxItems: 5, uniqueItems: true },
  filters: {
    type: 'array',
    maxItems: 10,
    items: {
      type: 'object',
      properties: {
        field: { ...NAME, minLength: 1 },
        operator: { type: 'string', enum: [...FILTER_OPERATORS] },
        value: { type: 'string', maxLength: 500 },
        type: { type: 'string', enum: ['literal', 'Field', 'User'] },
      },
      required: ['field', 'operator', 'type'],
      additionalProperties: false,
    },
  },
  sortType: { type: 'string', enum: ['Ascending', 'Descending'] },
  flowToLookUp: {
    type: 'array',
    maxItems: 20,
    items: {
      type: 'object',
      properties: { from: { ...NAME, minLength: 1 }, to: { ...NAME, minLength: 1 } },
      required: ['from', 'to'],
      additionalProperties: false,
    },
  },
};

export const lookupDefaults: LookupSettings = {
  moduleId: '',
  displayField: '',
  displayColumns: [],
  filters: [],
  sortType: 'Ascending',
  flowToLookUp: [],
};

/** A stored reference's JSON Schema: the record's id and its label. */
export const recordRefSchema: JsonSchema = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 }, label: { type: 'string', maxLength: 2000 } },
  required: ['id', 'label'],
  additionalProperties: false,
};

/** A user as user fields store them: their id and the name they had when picked (lists show it as it is). */
export const userRefSchema: JsonSchema = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 }, label: { type: 'string', maxLength: 500 } },
  required: ['id', 'label'],
  additionalProperties: false,
};

/** The settings as the host searches with them; undefined until an app and its label field are chosen. */
export function recordSourceOf(c: LookupSettings): RecordSource | undefined {
  if (!c.moduleId || !c.displayField) return undefined;
  return {
    moduleId: c.moduleId,
    labelField: c.displayField,
    columns: c.displayColumns ?? [],
    filters: c.filters ?? [],
    sort: c.sortType === 'Descending' ? 'desc' : 'asc',
    flow: c.flowToLookUp ?? [],
  };
}

const text = (v: unknown) =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/**
 * The server's check of references a saver picked: each must be a record they may see that passes the filters now.
 * Answers them with the labels read from the records, and the values of the first one for flowToLookUp.
 */
export async function resolveRecordRefs(
  refs: RecordRef[],
  c: LookupSettings,
  ctx: FieldResolveContext,
): Promise<{ refs: RecordRef[]; messages: string[]; flow: Record<string, unknown> }> {
  const src = recordSourceOf(c);
  if (!src) return { refs, messages: [`${ctx.label} has no app to look up yet`], flow: {} };
  const missing = { refs, messages: [`${ctx.label}: the chosen record is not available`], flow: {} };
  const filters = resolveFilters(src.filters, ctx.data, await ctx.picker());
  if (!filters) return missing;
  const found = await ctx.records({
    moduleId: src.moduleId,
    ids: refs.map((r) => r.id),
    fields: [src.labelField, ...src.flow.map((f) => f.from)],
    filters,
  });
  if (refs.some((r) => !found.has(r.id))) return missing;
  const first = found.get(refs[0]!.id)!;
  return {
    refs: refs.map((r) => ({ id: r.id, label: text(found.get(r.id)![src.labelField]) })),
    messages: [],
    flow: Object.fromEntries(src.flow.map((f) => [f.to, first[f.from] ?? null])),
  };
}
