import type { FieldDefinition, FieldGroup, ModuleDefinition } from '../../schemas/module-definition';
import { DEFAULT_COLUMN_WIDTH, DEFAULT_FIELD_NAME } from '../../schemas/module-definition';
import type { FieldRegistry } from '../../runtime/plugin-contract';

/**
 * Pure edits of a module definition. Every edit copies only the path it changes (structural sharing), so
 * memoized sections, rows and field cards that did not change keep their identity and do not re-render.
 */
export type FieldPlace = { group: number; row: number; index: number };
/** Where a dragged field lands: before a field, at the end of a row, or in a new row at the end of a section. */
export type FieldTarget =
  { kind: 'before'; name: string } | { kind: 'rowEnd'; group: number; row: number } | { kind: 'newRow'; group: number };

export const MAX_FIELDS_PER_ROW = 12;

export function allFields(def: ModuleDefinition): FieldDefinition[] {
  return def.fieldGroups.flatMap((g) => g.rows.flatMap((r) => r.fields));
}

export function findField(def: ModuleDefinition, name: string): FieldPlace | undefined {
  for (const [gi, g] of def.fieldGroups.entries())
    for (const [ri, r] of g.rows.entries()) {
      const i = r.fields.findIndex((f) => f.name === name);
      if (i >= 0) return { group: gi, row: ri, index: i };
    }
  return undefined;
}

export function uniqueName(def: ModuleDefinition, base: string): string {
  const taken = new Set(allFields(def).map((f) => f.name));
  const stem =
    base
      .replace(/[^A-Za-z0-9_]/g, '_')
      .replace(/^([^A-Za-z_])/, '_$1')
      .slice(0, 50) || 'field';
  for (let n = 1; ; n++) if (!taken.has(`${stem}_${n}`)) return `${stem}_${n}`;
}

export function uniqueSectionId(def: ModuleDefinition): string {
  const taken = new Set(def.fieldGroups.map((g) => g.id));
  for (let n = def.fieldGroups.length + 1; ; n++) if (!taken.has(`section-${n}`)) return `section-${n}`;
}

export function newField(def: ModuleDefinition, type: string, registry: FieldRegistry): FieldDefinition {
  const m = registry[type];
  return {
    name: uniqueName(def, type),
    label: DEFAULT_FIELD_NAME,
    fieldType: type,
    columnWidth: DEFAULT_COLUMN_WIDTH,
    config: structuredClone((m?.defaultConfig ?? {}) as Record<string, unknown>),
  };
}

function setGroup(def: ModuleDefinition, gi: number, g: FieldGroup): ModuleDefinition {
  const fieldGroups = def.fieldGroups.slice();
  fieldGroups[gi] = g;
  return { ...def, fieldGroups };
}

function setRowFields(def: ModuleDefinition, gi: number, ri: number, fields: FieldDefinition[]): ModuleDefinition {
  const g = def.fieldGroups[gi]!;
  const rows = g.rows.slice();
  rows[ri] = { ...rows[ri], fields };
  return setGroup(def, gi, { ...g, rows });
}

/** Inserts a field at a target; a full row (12 fields) overflows into a new row below it. */
export function insertField(def: ModuleDefinition, field: FieldDefinition, target: FieldTarget): ModuleDefinition {
  if (!def.fieldGroups.length)
    def = { ...def, fieldGroups: [{ id: 'section-1', label: 'Section 1', rows: [{ fields: [] }] }] };
  let gi: number, ri: number, index: number;
  if (target.kind === 'before') {
    const p = findField(def, target.name);
    if (!p) return def;
    ({ group: gi, row: ri, index } = p);
  } else if (target.kind === 'rowEnd') {
    gi = target.group;
    ri = target.row;
    index = def.fieldGroups[gi]?.rows[ri]?.fields.length ?? 0;
  } else {
    const g = def.fieldGroups[target.group];
    if (!g) return def;
    return setGroup(def, target.group, { ...g, rows: [...g.rows, { fields: [field] }] });
  }
  const row = def.fieldGroups[gi]?.rows[ri];
  if (!row) return def;
  if (row.fields.length >= MAX_FIELDS_PER_ROW) {
    const g = def.fieldGroups[gi]!;
    const rows = g.rows.slice();
    rows.splice(ri + 1, 0, { fields: [field] });
    return setGroup(def, gi, { ...g, rows });
  }
  const fields = row.fields.slice();
  fields.splice(index, 0, field);
  return setRowFields(def, gi, ri, fields);
}

/** Removes a field; a row it leaves empty goes too, unless it is the section's only row. */
export function removeField(def: ModuleDefinition, name: string): ModuleDefinition {
  const p = findField(def, name);
  if (!p) return def;
  const g = def.fieldGroups[p.group]!;
  const fields = g.rows[p.row]!.fields.filter((f) => f.name !== name);
  if (!fields.length && g.rows.length > 1)
    return setGroup(def, p.group, { ...g, rows: g.rows.filter((_, i) => i !== p.row) });
  return setRowFields(def, p.group, p.row, fields);
}

export function moveField(def: ModuleDefinition, name: string, target: FieldTarget): ModuleDefinition {
  if (target.kind === 'before' && target.name === name) return def;
  const p = findField(def, name);
  if (!p) return def;
  const field = def.fieldGroups[p.group]!.rows[p.row]!.fields[p.index]!;
  if (target.kind === 'rowEnd') {
    const targetRow = def.fieldGroups[target.group]?.rows[target.row];
    if (!targetRow || targetRow.fields[targetRow.fields.length - 1]?.name === name) return def;
    const next = removeField(def, name);
    // Rows other than the source keep their identity, so the target row is found again after the removal.
    const ri = targetRow.fields.some((f) => f.name === name)
      ? p.row
      : next.fieldGroups[target.group]!.rows.indexOf(targetRow);
    return ri < 0 ? def : insertField(next, field, { kind: 'rowEnd', group: target.group, row: ri });
  }
  return insertField(removeField(def, name), field, target);
}

export function updateField(def: ModuleDefinition, name: string, patch: Partial<FieldDefinition>): ModuleDefinition {
  const p = findField(def, name);
  if (!p) return def;
  const fields = def.fieldGroups[p.group]!.rows[p.row]!.fields.slice();
  const next = { ...fields[p.index]!, ...patch };
  // Optional properties left empty are dropped, so the stored definition stays minimal.
  for (const k of Object.keys(next) as (keyof FieldDefinition)[])
    if (k !== 'name' && k !== 'label' && k !== 'fieldType' && (next[k] === undefined || next[k] === '')) delete next[k];
  fields[p.index] = next;
  return setRowFields(def, p.group, p.row, fields);
}

export function addSection(def: ModuleDefinition, at: number, label: string): ModuleDefinition {
  const fieldGroups = def.fieldGroups.slice();
  fieldGroups.splice(Math.max(0, Math.min(at, fieldGroups.length)), 0, {
    id: uniqueSectionId(def),
    label,
    rows: [{ fields: [] }],
  });
  return { ...def, fieldGroups };
}

export function moveSection(def: ModuleDefinition, id: string, to: number): ModuleDefinition {
  const from = def.fieldGroups.findIndex((g) => g.id === id);
  if (from < 0) return def;
  const fieldGroups = def.fieldGroups.slice();
  const [g] = fieldGroups.splice(from, 1);
  fieldGroups.splice(to > from ? to - 1 : to, 0, g!);
  return fieldGroups.every((x, i) => x === def.fieldGroups[i]) ? def : { ...def, fieldGroups };
}

export function updateSection(def: ModuleDefinition, id: string, patch: Partial<FieldGroup>): ModuleDefinition {
  const gi = def.fieldGroups.findIndex((g) => g.id === id);
  if (gi < 0) return def;
  const next: FieldGroup = { ...def.fieldGroups[gi]!, ...patch };
  // Turning a table off removes its keys rather than storing undefined.
  for (const k of Object.keys(next) as (keyof FieldGroup)[]) if (next[k] === undefined) delete next[k];
  return setGroup(def, gi, next);
}

export function removeSection(def: ModuleDefinition, id: string): ModuleDefinition {
  return { ...def, fieldGroups: def.fieldGroups.filter((g) => g.id !== id) };
}

export function addRow(def: ModuleDefinition, gi: number): ModuleDefinition {
  const g = def.fieldGroups[gi];
  return g ? setGroup(def, gi, { ...g, rows: [...g.rows, { fields: [] }] }) : def;
}

export function removeRow(def: ModuleDefinition, gi: number, ri: number): ModuleDefinition {
  const g = def.fieldGroups[gi];
  if (!g || g.rows.length <= 1) return def;
  return setGroup(def, gi, { ...g, rows: g.rows.filter((_, i) => i !== ri) });
}
