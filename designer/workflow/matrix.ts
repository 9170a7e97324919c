import type { ModuleDefinition } from '../../schemas/module-definition';
import {
  COMPLETE_STEP,
  START_STEP,
  type StepPermission,
  type WorkflowDefinition,
} from '../../schemas/workflow-definition';
import { activityRegistry } from '../../runtime/activity-registry';
import { activitiesWithRole, activityLabel, orderSteps, roleOf } from '../../runtime/workflow-validate';

export type Permissions = NonNullable<WorkflowDefinition['permissions']>;
export type Aspect = 'visibility' | 'editability';
/** A column of the matrix: the defaults, or a step (fs-start, an activity id, fs-complete). */
export const DEFAULTS = 'defaults';

export interface StepColumn {
  key: string;
  label: string;
}
export interface MatrixRow {
  id: string;
  label: string;
  group: boolean;
  /** The field's own editability when nothing is set (a field marked not editable starts read-only). */
  base: { visibility: 'visible'; editability: 'editable' | 'readonly' };
}

/** Columns: Start (fs-start), each activity in step order, Completed (fs-complete). */
export function stepColumns(wf: WorkflowDefinition): StepColumn[] {
  const cols: StepColumn[] = [];
  for (const a of orderSteps(wf, activityRegistry))
    if (!roleOf(activityRegistry, a)) cols.push({ key: a.activityId, label: activityLabel(a) });
  const [start] = activitiesWithRole(wf, activityRegistry, 'start');
  const [complete] = activitiesWithRole(wf, activityRegistry, 'end');
  return [
    { key: START_STEP, label: start ? activityLabel(start) : START_STEP },
    ...cols,
    { key: COMPLETE_STEP, label: complete ? activityLabel(complete) : COMPLETE_STEP },
  ];
}

/** Rows: each field group, followed by its fields. */
export function matrixRows(def: ModuleDefinition): MatrixRow[] {
  const rows: MatrixRow[] = [];
  for (const g of def.fieldGroups ?? []) {
    rows.push({ id: g.id, label: g.label, group: true, base: { visibility: 'visible', editability: 'editable' } });
    for (const r of g.rows ?? [])
      for (const f of r.fields ?? [])
        rows.push({
          id: f.name,
          label: f.label || f.name,
          group: false,
          base: { visibility: 'visible', editability: f.editable === false ? 'readonly' : 'editable' },
        });
  }
  return rows;
}

export function cellOf(p: Permissions | undefined, column: string, id: string): StepPermission | undefined {
  return column === DEFAULTS ? p?.defaults?.[id] : p?.steps?.[column]?.[id];
}

/** What applies at a cell: its own setting, else the defaults (for a step), else the field's own. */
export function effective(
  p: Permissions | undefined,
  column: string,
  row: MatrixRow,
  aspect: Aspect,
): { value: string; inherited: boolean } {
  const own = cellOf(p, column, row.id)?.[aspect];
  if (own) return { value: own, inherited: false };
  const fallback = column === DEFAULTS ? undefined : p?.defaults?.[row.id]?.[aspect];
  return { value: fallback ?? row.base[aspect], inherited: true };
}

const CYCLE: Record<Aspect, (string | undefined)[]> = {
  visibility: [undefined, 'hidden', 'visible'],
  editability: [undefined, 'readonly', 'editable'],
};

/** The next setting of a cell's toggle: inherited -> the restrictive value -> the open value -> inherited. */
export function nextSetting(current: string | undefined, aspect: Aspect): string | undefined {
  const list = CYCLE[aspect];
  return list[(list.indexOf(current) + 1) % list.length];
}

/** Sets (or clears, with undefined) one aspect of one cell; empty entries are removed so the stored part stays small. */
export function setCell(
  p: Permissions | undefined,
  column: string,
  id: string,
  aspect: Aspect,
  value: string | undefined,
): Permissions {
  const defaults = { ...(p?.defaults ?? {}) };
  const steps = { ...(p?.steps ?? {}) };
  const table = column === DEFAULTS ? defaults : { ...(steps[column] ?? {}) };
  const cell: StepPermission = { ...(table[id] ?? {}) };
  if (value === undefined) delete cell[aspect];
  else (cell as Record<Aspect, string>)[aspect] = value;
  if (Object.keys(cell).length) table[id] = cell;
  else delete table[id];
  if (column !== DEFAULTS) {
    if (Object.keys(table).length) steps[column] = table;
    else delete steps[column];
  }
  return { defaults, steps };
}

/** Drops settings of steps and fields that no longer exist. */
export function prunePermissions(p: Permissions | undefined, stepKeys: string[], rowIds: string[]): Permissions {
  const ids = new Set(rowIds);
  const keep = (t: Record<string, StepPermission> = {}) =>
    Object.fromEntries(Object.entries(t).filter(([id]) => ids.has(id)));
  const steps: Permissions['steps'] = {};
  for (const k of stepKeys) {
    const t = keep(p?.steps?.[k]);
    if (Object.keys(t).length) steps[k] = t;
  }
  return { defaults: keep(p?.defaults), steps };
}
