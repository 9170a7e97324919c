import type { ModuleDefinition } from '../../schemas/module-definition';
import type { WorkflowDefinition } from '../../schemas/workflow-definition';
import type { ActivityManifest } from '../../runtime/plugin-contract';
import {
  ASSIGNMENT_TYPE,
  activityLabel,
  approversOf,
  formatIssue,
  validateWorkflow,
  type WorkflowIssue,
} from '../../runtime/workflow-validate';

export type DesignIssueCode = WorkflowIssue['code'] | 'ASSIGNEE_MISSING';
export interface DesignIssue extends Omit<WorkflowIssue, 'code'> {
  code: DesignIssueCode;
}

export const fieldNamesOf = (def: ModuleDefinition): string[] =>
  (def.fieldGroups ?? []).flatMap((g) => (g.rows ?? []).flatMap((r) => (r.fields ?? []).map((f) => f.name)));

export const outcomesOf = (registry: Record<string, ActivityManifest<object>>): Record<string, string[]> =>
  Object.fromEntries(Object.values(registry).map((m) => [m.type, m.outcomes]));

/**
 * What the designer checks before it saves: the server's rules (the same pure function the server runs) plus
 * ones only the designer insists on, such as an Assignment nobody would receive.
 */
export function validateDesign(
  wf: WorkflowDefinition,
  def: ModuleDefinition,
  registry: Record<string, ActivityManifest<object>>,
): DesignIssue[] {
  const issues: DesignIssue[] = validateWorkflow(wf, { fieldNames: fieldNamesOf(def), outcomes: outcomesOf(registry) });
  for (const a of wf.activities)
    if (a.type === ASSIGNMENT_TYPE && !approversOf(a).length) {
      const params = { name: activityLabel(a) };
      issues.push({
        code: 'ASSIGNEE_MISSING',
        params,
        message: formatIssue('{name} needs at least one approver', params),
        activityId: a.activityId,
      });
    }
  return issues;
}
