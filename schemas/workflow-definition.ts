import type { JsonSchema } from '../runtime/plugin-contract';

export type Visibility = 'visible' | 'hidden';
export type Editability = 'editable' | 'readonly';
export interface StepPermission {
  visibility?: Visibility;
  editability?: Editability;
}

/** Steps are activity ids plus the two pseudo-steps before submit and after completion. */
export const START_STEP = 'fs-start';
export const COMPLETE_STEP = 'fs-complete';

export interface WorkflowActivity {
  activityId: string;
  type: string;
  name?: string;
  displayName?: string;
  description?: string;
  position?: { left: number; top: number };
  state?: Record<string, unknown>;
  properties?: Record<string, unknown>;
  assignToCollectionExpression?: unknown;
}

export interface WorkflowConnection {
  sourceActivityId: string;
  targetActivityId: string;
  outcome?: string;
}

export interface WorkflowDefinition {
  activities: WorkflowActivity[];
  connections: WorkflowConnection[];
  /**
   * Per step, per field or field-group id. `defaults` applies to every step unless the step says otherwise;
   * a group's setting caps each of its fields.
   */
  permissions?: {
    defaults?: Record<string, StepPermission>;
    steps?: Record<string, Record<string, StepPermission>>;
  };
}

const perm: JsonSchema = {
  type: 'object',
  properties: { visibility: { enum: ['visible', 'hidden'] }, editability: { enum: ['editable', 'readonly'] } },
  additionalProperties: false,
};

export const workflowDefinitionSchema: JsonSchema = {
  $id: 'workflow-definition',
  type: 'object',
  properties: {
    activities: {
      type: 'array',
      maxItems: 500,
      items: {
        type: 'object',
        properties: {
          activityId: { type: 'string', minLength: 1 },
          type: { type: 'string', minLength: 1 },
          name: { type: 'string' },
          displayName: { type: 'string' },
          description: { type: 'string' },
          position: { type: 'object', properties: { left: { type: 'number' }, top: { type: 'number' } }, required: ['left', 'top'], additionalProperties: false },
          state: { type: 'object' },
          properties: { type: 'object' },
          assignToCollectionExpression: {},
        },
        required: ['activityId', 'type'],
        additionalProperties: false,
      },
    },
    connections: {
      type: 'array',
      items: {
        type: 'object',
        properties: { sourceActivityId: { type: 'string' }, targetActivityId: { type: 'string' }, outcome: { type: 'string', default: 'Done' } },
        required: ['sourceActivityId', 'targetActivityId'],
        additionalProperties: false,
      },
    },
    permissions: {
      type: 'object',
      properties: {
        defaults: { type: 'object', additionalProperties: perm },
        steps: { type: 'object', additionalProperties: { type: 'object', additionalProperties: perm } },
      },
      additionalProperties: false,
    },
  },
  required: ['activities', 'connections'],
  additionalProperties: false,
};
