import { defineAutomationStepManifest } from '../../../runtime/plugin-contract';

export const WAIT_UNITS = ['minutes', 'hours', 'days'] as const;

export interface WaitConfig {
  /** Wait for an amount of time, or until a date and time. */
  mode: 'for' | 'until';
  amount: number;
  unit: (typeof WAIT_UNITS)[number];
  /** A date and time (ISO), or a {{stepId.path}} text that gives one. */
  until: string;
}

/** Pauses the run: the steps after it go on later, with no worker held meanwhile (the run is kept and resumed). */
export const manifest = defineAutomationStepManifest<WaitConfig>({
  kind: 'automation-step',
  type: 'wait',
  version: 1,
  title: 'title',
  icon: 'time',
  configSchema: {
    type: 'object',
    properties: {
      mode: { type: 'string', enum: ['for', 'until'] },
      amount: { type: 'integer', minimum: 1, maximum: 525600 },
      unit: { type: 'string', enum: [...WAIT_UNITS] },
      until: { type: 'string', maxLength: 200 },
    },
    required: ['mode', 'amount', 'unit', 'until'],
    additionalProperties: false,
  },
  defaultConfig: { mode: 'for', amount: 1, unit: 'hours', until: '' },
  fixtures: {
    valid: [
      { mode: 'for', amount: 30, unit: 'minutes', until: '' },
      { mode: 'until', amount: 1, unit: 'days', until: '{{run.record.fields.due}}' },
    ],
    invalid: [
      { mode: 'for', amount: 0, unit: 'minutes', until: '' },
      { mode: 'later', amount: 1, unit: 'hours', until: '' },
      { mode: 'for', amount: 1, unit: 'weeks', until: '' },
    ],
  },
});
