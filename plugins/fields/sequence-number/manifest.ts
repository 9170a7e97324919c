import { defineFieldManifest } from '../../../runtime/plugin-contract';

export interface SequenceNumberConfig {
  /** Zero-padding pattern: '01' pads to two digits, '0001' to four. */
  format: string;
  prefix: string;
  /** When the number is taken: at Start (first save) of the record. */
  stepSequence: 'Start';
}

/** Numbers are assigned by the server inside the saving transaction: no gaps from the browser, no duplicates. */
export function formatSequence(n: number, c: SequenceNumberConfig): string {
  return `${c.prefix}${String(n).padStart(c.format.length, '0')}`;
}

export const manifest = defineFieldManifest<SequenceNumberConfig>({
  kind: 'field',
  type: 'sequence-number',
  version: 1,
  title: 'title',
  category: 'advanced',
  icon: 'numbered-list',
  configSchema: {
    type: 'object',
    properties: {
      format: { type: 'string', pattern: '^0+1?$', default: '01' },
      prefix: { type: 'string', maxLength: 20, default: '' },
      stepSequence: { type: 'string', enum: ['Start'], default: 'Start' },
    },
    required: ['format', 'stepSequence'],
    additionalProperties: false,
  },
  defaultConfig: { format: '01', prefix: '', stepSequence: 'Start' },
  valueSchema: () => ({ type: 'string', maxLength: 60 }),
  uiHints: { serverAssigned: true },
  fixtures: {
    valid: [{ format: '0001', prefix: 'INV-', stepSequence: 'Start' }],
    invalid: [{ format: 'abc', stepSequence: 'Start' }],
    values: { valid: ['INV-0001'], invalid: [7] },
  },
});
