import type { ModuleDefinition } from '../../schemas/module-definition';
import type { WorkflowDefinition } from '../../schemas/workflow-definition';
import type { ActivityManifestRegistry } from '../../runtime/plugin-contract';
import {
  activityLabel,
  configOf,
  fieldNamesOf,
  formatIssue,
  validateWorkflow,
  type WorkflowIssue,
} from '../../runtime/workflow-validate';

/** What the designer shows: the server's issues plus its own (same shape; codes are open). */
export type DesignIssue = WorkflowIssue;

/**
 * What the designer checks before it saves: the server's rules (the same pure function the server runs) plus
 * ones only the designer insists on: an activity that hands out tasks but names nobody to hand them to.
 */
export function validateDesign(
  wf: WorkflowDefinition,
  def: ModuleDefinition,
  activities: ActivityManifestRegistry,
): DesignIssue[] {
  const issues: DesignIssue[] = validateWorkflow(wf, { fieldNames: fieldNamesOf(def), activities });
  for (const a of wf.activities) {
    const m = activities[a.type];
    if (m?.assignees && !m.assignees(configOf(m, a), a).length) {
      const params = { name: activityLabel(a) };
      issues.push({
        code: 'ASSIGNEE_MISSING',
        params,
        message: formatIssue('{name} needs at least one approver', params),
        activityId: a.activityId,
      });
    }
  }
  return issues;
}
