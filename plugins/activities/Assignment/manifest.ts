import { defineActivityManifest } from '../../../runtime/plugin-contract';

/** Who gets a task: a user, every member of a team, or the user(s) named in a user field of the record. */
export interface Approver {
  type: 'user' | 'team' | 'field';
  /** User or team id (type user/team). */
  id?: string;
  /** Field name holding a user id or a list of them (type field). */
  field?: string;
  /** Shown in the designer; the engine does not need it. */
  name?: string;
}

export interface AssignmentConfig {
  approvers: Approver[];
  /** any: the first decision completes the step; all: every approver must approve (one rejection rejects). */
  approvalMode: 'any' | 'all';
  dueInDays: number | null;
  /** Reminder cadence for open tasks, in hours. */
  reminderEveryHours: number | null;
  taskType: string;
}

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
            type: { enum: ['user', 'team', 'field'] },
            id: { type: 'string', maxLength: 100 },
            field: { type: 'string', maxLength: 100 },
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
});
