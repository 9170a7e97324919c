import { defineAutomationStepManifest } from '../../../runtime/plugin-contract';

export interface WorkflowStepConfig {
  /** Start the record's workflow (submit the owner's draft), or approve / reject the owner's task at a step. */
  action: 'start' | 'approve' | 'reject';
  /** The record: an id or a {{stepId.path}} text, such as {{make.recordId}}. */
  recordId: string;
  /** The step whose open task is decided (its title or id); unused to start. */
  step: string;
  /** The comment (a rejection's reason), with {{…}} parts. */
  comment: string;
}

/** Moves a record's workflow on as the automation's owner, through the workflow engine's own actions. */
export const manifest = defineAutomationStepManifest<WorkflowStepConfig>({
  kind: 'automation-step',
  type: 'workflow',
  version: 1,
  title: 'title',
  icon: 'flows',
  configSchema: {
    type: 'object',
    properties: {
      action: { type: 'string', enum: ['start', 'approve', 'reject'] },
      recordId: { type: 'string', minLength: 1, maxLength: 500 },
      step: { type: 'string', maxLength: 200 },
      comment: { type: 'string', maxLength: 4000 },
    },
    required: ['action', 'recordId', 'step', 'comment'],
    additionalProperties: false,
  },
  defaultConfig: { action: 'start', recordId: '', step: '', comment: '' },
  fixtures: {
    valid: [
      { action: 'start', recordId: '{{make.recordId}}', step: '', comment: '' },
      { action: 'approve', recordId: '{{run.record.id}}', step: 'Manager approval', comment: 'Approved by the robot' },
    ],
    invalid: [
      { action: 'restart', recordId: 'r-1', step: '', comment: '' },
      { action: 'start', recordId: '', step: '', comment: '' },
    ],
  },
});
