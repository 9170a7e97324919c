import { defineActivityManifest } from '../../../runtime/plugin-contract';
import { approversFromExpression, approversOf, type Approver } from './approvers';

export type { Approver } from './approvers';

export interface AssignmentConfig {
  approvers: Approver[];
  /** any: the first decision completes the step; all: every approver must approve (one rejection rejects). */
  approvalMode: 'any' | 'all';
  dueInDays: number | null;
  /** Reminder cadence for open tasks, in hours. */
  reminderEveryHours: number | null;
  taskType: string;
  /** Approving at this step needs a comment too (rejecting always does). */
  commentRequired?: boolean;
}

/**
 * Who gets a task: users, every member of a team, the user(s) named in a user field of the record, or people found
 * from the initiator in the organisation's units (their manager, a unit's head, a role in their unit).
 */
export const manifest = defineActivityManifest<AssignmentConfig>({
  kind: 'activity',
  type: 'Assignment',
  version: 1,
  title: 'title',
  icon: 'person',
  configSchema: {
    type: 'object',
    properties: {
      approvers: {
        type: 'array',
        maxItems: 200,
        items: {
          type: 'object',
          properties: {
            type: { enum: ['user', 'team', 'field', 'manager', 'unitHead', 'unitRole'] },
            id: { type: 'string', maxLength: 100 },
            field: { type: 'string', maxLength: 100 },
            role: { type: 'string', maxLength: 60 },
            name: { type: 'string', maxLength: 200 },
          },
          required: ['type'],
          additionalProperties: false,
        },
      },
      approvalMode: { enum: ['any', 'all'], default: 'any' },
      dueInDays: { type: ['integer', 'null'], minimum: 0, maximum: 3650 },
      reminderEveryHours: { type: ['integer', 'null'], minimum: 1, maximum: 8760 },
      taskType: { type: 'string', minLength: 1, maxLength: 60 },
      commentRequired: { type: 'boolean', default: false },
    },
    required: ['approvers', 'approvalMode'],
    additionalProperties: false,
  },
  defaultConfig: {
    approvers: [],
    approvalMode: 'any',
    dueInDays: null,
    reminderEveryHours: null,
    taskType: 'Approval',
  },
  outcomes: ['Approved', 'Rejected'],

  assignees: (config, activity) => approversOf(config, activity),

  // No approvers at all is the designer's concern (a draft may be unfinished); approvers that all went away with
  // removed fields are refused on save, as the spec says.
  validate(config, { activity, name, fieldNames }) {
    const approvers = approversOf(config, activity);
    const gone = approvers.length > 0 && approvers.every((r) => r.type === 'field' && !fieldNames.has(r.field ?? ''));
    const incomplete = approvers.some(
      (r) => (r.type === 'unitHead' && !r.id?.trim()) || (r.type === 'unitRole' && !r.role?.trim()),
    );
    return [
      ...(gone
        ? [{ code: 'ASSIGNEE_REMOVED', text: 'Assignee for {name} is no longer available', params: { name } }]
        : []),
      ...(incomplete
        ? [
            {
              code: 'ASSIGNEE_INCOMPLETE',
              text: '{name} names a unit head or unit role without the unit or role',
              params: { name },
            },
          ]
        : []),
    ];
  },

  // Elsa keeps approvers in assignToCollectionExpression; here they join the config's list, stored once.
  fromElsa(activity) {
    const found = approversFromExpression(activity.assignToCollectionExpression);
    if (!found) return activity;
    const { assignToCollectionExpression: _moved, ...rest } = activity;
    const own = Array.isArray(activity.properties?.approvers) ? (activity.properties.approvers as Approver[]) : [];
    return { ...rest, properties: { ...activity.properties, approvers: [...own, ...found] } };
  },
});
