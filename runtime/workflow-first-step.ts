import type { ActivityManifestRegistry } from './plugin-contract';
import type { WorkflowDefinition } from '../schemas/workflow-definition';

/**
 * The title of the step a submitted record goes to first: the nearest activities after the start that hand
 * tasks to people (their manifest names assignees). Undefined when there is none, or when conditions choose
 * between differently named steps (the record's values decide, so the page cannot say in advance).
 */
export function firstStepTitle(wf: WorkflowDefinition | null | undefined, manifests: ActivityManifestRegistry) {
  if (!wf) return undefined;
  const byId = new Map(wf.activities.map((a) => [a.activityId, a]));
  const seen = new Set<string>();
  let layer = wf.activities.filter((a) => manifests[a.type]?.role === 'start').map((a) => a.activityId);
  while (layer.length) {
    layer.forEach((id) => seen.add(id));
    const next = [
      ...new Set(wf.connections.filter((c) => layer.includes(c.sourceActivityId)).map((c) => c.targetActivityId)),
    ].filter((id) => !seen.has(id));
    const steps = next.map((id) => byId.get(id)).filter((a) => a && manifests[a.type]?.assignees);
    if (steps.length) {
      const titles = new Set(steps.map((a) => a!.displayName || a!.activityId));
      return titles.size === 1 ? [...titles][0] : undefined;
    }
    layer = next;
  }
  return undefined;
}
