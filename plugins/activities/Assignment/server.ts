import { defineActivityServer } from '../../../runtime/plugin-contract';
import { approversOf, ORG_KINDS } from './approvers';
import { manifest, type AssignmentConfig } from './manifest';

const DAY = 86_400_000;

/** The ids a user field holds: one id, a list of ids, or objects with an id. */
function idsIn(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.flatMap((v) =>
    typeof v === 'string' && v
      ? [v]
      : v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string'
        ? [(v as { id: string }).id]
        : [],
  );
}

export const server = defineActivityServer<AssignmentConfig>({
  manifest,
  async execute(config, activity, ctx) {
    const tasks: { assigneeId: string; teamId: string | null }[] = [];
    const seen = new Set<string>();
    const add = (ids: string[], teamId: string | null) => {
      for (const id of ids) {
        if (seen.has(id)) continue;
        seen.add(id);
        tasks.push({ assigneeId: id, teamId });
      }
    };
    const approvers = approversOf(config, activity);
    const users = approvers.filter((a) => a.type === 'user' && a.id).map((a) => a.id!);
    for (const a of approvers) if (a.type === 'field' && a.field) users.push(...idsIn(ctx.data[a.field]));
    add(await ctx.activeUsers(users), null);
    for (const a of approvers) {
      if (a.type !== 'team' || !a.id) continue;
      add((await ctx.teamMembers(a.id)) ?? [], a.id);
    }
    // Found from the initiator when the step starts; nobody found faults below like any empty list.
    for (const a of approvers)
      if ((ORG_KINDS as readonly string[]).includes(a.type)) add((await ctx.orgAssignees?.(a)) ?? [], null);
    if (!tasks.length)
      return { fault: `No approver is available for ${activity.displayName ?? activity.name ?? activity.activityId}` };
    const dueOn = config.dueInDays == null ? null : new Date(ctx.now.getTime() + config.dueInDays * DAY).toISOString();
    return {
      wait: {
        tasks,
        taskType: config.taskType || 'Approval',
        dueOn,
        remindEveryHours: config.reminderEveryHours ?? null,
      },
    };
  },
  decide: (accepted) => (accepted ? 'Approved' : 'Rejected'),
  waitsForAll: (config) => config.approvalMode === 'all',
  commentRequired: (config, accepted) => !accepted || !!config.commentRequired,
});
