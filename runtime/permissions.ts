import type { ModuleDefinition } from '../schemas/module-definition';
import type { StepPermission, WorkflowDefinition } from '../schemas/workflow-definition';
import type { FieldRegistry } from './plugin-contract';

export type Access = 'editable' | 'readonly' | 'hidden';

/** Spec order of permission levels: visible, editable, readonly, hidden (later = more restrictive). */
export const PERMISSION_LEVELS = ['visible', 'editable', 'readonly', 'hidden'] as const;
const rank: Record<Access, number> = { editable: 1, readonly: 2, hidden: 3 };
const stricter = (a: Access, b: Access): Access => (rank[a] >= rank[b] ? a : b);

function apply(base: Access, p: StepPermission | undefined): Access {
  if (!p) return base;
  if (p.visibility === 'hidden') return 'hidden';
  if (p.visibility === 'visible' && base === 'hidden') base = 'editable';
  if (p.editability === 'readonly') return stricter(base, 'readonly');
  if (p.editability === 'editable' && base !== 'hidden') return 'editable';
  return base;
}

/**
 * What each field allows at a workflow step (an activity id, 'fs-start' or 'fs-complete'): the field's own
 * editability, then the workflow's defaults, then the step's overrides; a field group's setting caps its fields.
 * The renderer and the server call this same function.
 */
export function resolvePermissions(
  def: ModuleDefinition,
  workflow: WorkflowDefinition | undefined,
  step: string,
  registry: FieldRegistry,
): Record<string, Access> {
  const defaults = workflow?.permissions?.defaults ?? {};
  const atStep = workflow?.permissions?.steps?.[step] ?? {};
  const out: Record<string, Access> = {};
  for (const group of def.fieldGroups) {
    const groupAccess = apply(apply('editable', defaults[group.id]), atStep[group.id]);
    for (const row of group.rows)
      for (const f of row.fields) {
        const hints = registry[f.fieldType]?.uiHints;
        let a: Access = f.editable === false || hints?.computed || hints?.serverAssigned ? 'readonly' : 'editable';
        a = apply(apply(a, defaults[f.name]), atStep[f.name]);
        if (hints?.computed || hints?.serverAssigned) a = stricter(a, 'readonly');
        out[f.name] = stricter(a, groupAccess);
      }
  }
  return out;
}

/** The record as a step may read it: hidden fields are removed. */
export function redactRecord<T extends Record<string, unknown>>(data: T, access: Record<string, Access>): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) if (access[k] !== 'hidden') out[k] = v;
  return out as Partial<T>;
}

export interface Issue {
  field?: string;
  message: string;
}

/** Changes a step may not make: any field other than an editable one that differs from what is stored. */
export function checkWrite(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  access: Record<string, Access>,
  labels: Record<string, string>,
): Issue[] {
  const issues: Issue[] = [];
  for (const k of Object.keys(after)) {
    if (access[k] === 'editable') continue;
    if (JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null)) {
      issues.push({
        field: k,
        message: access[k] ? `Field ${labels[k] ?? k} cannot be changed at this step` : `Unknown field ${k}`,
      });
    }
  }
  return issues;
}
