import type { WorkflowActivity } from '../../../schemas/workflow-definition.js';
import type { ActivityContext } from '../../../runtime/plugin-contract.js';
import { activities } from '../../../runtime/activity-registry-node.js';
import { configOf } from '../../../runtime/workflow-validate.js';
import type { Run } from './engine.js';
import { activeUserIds, teamMemberIds } from './reads.js';
import { orgAssigneeIds } from '../org-units/resolve.js';

// Walks the workflow: runs activities through their plugins' server halves and follows the connections of their
// outcomes, writing what happens into the run's plan. What a type does is its plugin's; nothing here names one.

const MAX_STEPS = 200;

const contextOf = (run: Run): ActivityContext => ({
  data: run.data,
  initiatorId: run.initiator,
  now: run.nowDate,
  activeUsers: (ids) => activeUserIds(run.tx, ids),
  teamMembers: (teamId) => teamMemberIds(run.tx, teamId),
  orgAssignees: (ref) => orgAssigneeIds(run.tx, run.initiator, ref),
});

const connection = (run: Run, fromId: string, outcome: string) =>
  run.v.workflow.connections.find((x) => x.sourceActivityId === fromId && (x.outcome || 'Done') === outcome);

/** Runs activities from `act` on until one waits, the process ends, or it faults. */
export async function enter(run: Run, act: WorkflowActivity): Promise<void> {
  let current: WorkflowActivity | undefined = act;
  for (let steps = 0; current; steps++) {
    if (steps >= MAX_STEPS) return run.fault('The workflow runs in a loop.');
    const server = activities.servers[current.type];
    if (!server) return run.fault(`Unknown activity type ${current.type}`, current);
    const r = await server.execute(configOf(activities.manifests[current.type], current), current, contextOf(run));
    if ('fault' in r) return run.fault(r.fault, current);
    if ('end' in r) return run.finish('Completed');
    if ('call' in r) return run.park(current, r.call);
    if ('wait' in r) {
      for (const t of r.wait.tasks)
        run.addTask(current, t.assigneeId, {
          taskType: r.wait.taskType,
          dueOn: r.wait.dueOn,
          teamId: t.teamId,
          remindEveryHours: r.wait.remindEveryHours,
        });
      return;
    }
    const c = connection(run, current.activityId, r.outcome);
    if (!c) return run.finish('Completed');
    current = run.activity(c.targetActivityId);
    if (!current) return run.fault(`The workflow connects to a missing activity ${c.targetActivityId}`);
  }
}

/** Follows an outcome from an activity; without a connection the process ends (rejected for Rejected). */
export async function advance(run: Run, fromId: string, outcome: string): Promise<void> {
  const c = connection(run, fromId, outcome);
  if (!c) return run.finish(outcome === 'Rejected' ? 'Rejected' : 'Completed');
  const a = run.activity(c.targetActivityId);
  if (!a) return run.fault(`The workflow connects to a missing activity ${c.targetActivityId}`);
  return enter(run, a);
}

/** The outcome a person's decision on a task of this activity leads to (its plugin decides; Approved/Rejected else). */
export function decisionOutcome(act: WorkflowActivity, accepted: boolean): string {
  const server = activities.servers[act.type];
  return server?.decide ? server.decide(accepted) : accepted ? 'Approved' : 'Rejected';
}

/** Whether a decision at this step must come with a comment (its plugin says, from the activity's config). */
export function commentRequired(act: WorkflowActivity, accepted: boolean): boolean {
  return !!activities.servers[act.type]?.commentRequired?.(configOf(activities.manifests[act.type], act), accepted);
}

/** Whether a step waits for every one of its tasks to approve (its plugin says, from the activity's config). */
export function waitsForAll(act: WorkflowActivity): boolean {
  return !!activities.servers[act.type]?.waitsForAll?.(configOf(activities.manifests[act.type], act));
}
