import { defineAutomationStepManifest } from '../../../runtime/plugin-contract';

export interface SendMailConfig {
  /** Addresses, separated by commas or semicolons; each may be a {{stepId.path}} part. */
  to: string;
  /** Texts with {{stepId.path}} parts (a record event's fields: {{run.record.fields.title}}). */
  subject: string;
  body: string;
}

/** At most this many recipients per step. */
export const MAX_RECIPIENTS = 50;
const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

/** The addresses of a filled-in "to": trimmed, without duplicates; a message for anything that is not one. */
export function recipients(to: string): { list: string[]; problem?: string } {
  const list = [
    ...new Set(
      to
        .split(/[,;\n]/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (!list.length) return { list, problem: 'No recipient: "To" is empty.' };
  if (list.length > MAX_RECIPIENTS) return { list, problem: `At most ${MAX_RECIPIENTS} recipients.` };
  const bad = list.find((a) => !EMAIL.test(a) || a.length > 254);
  return bad ? { list, problem: `'${bad.slice(0, 80)}' is not an e-mail address.` } : { list };
}

/** Sends a mail from a template through the mail outbox (delivered after the run, retried like every mail). */
export const manifest = defineAutomationStepManifest<SendMailConfig>({
  kind: 'automation-step',
  type: 'send-mail',
  version: 1,
  title: 'title',
  icon: 'envelope',
  configSchema: {
    type: 'object',
    properties: {
      to: { type: 'string', minLength: 1, maxLength: 2000 },
      subject: { type: 'string', minLength: 1, maxLength: 500 },
      body: { type: 'string', maxLength: 20000 },
    },
    required: ['to', 'subject', 'body'],
    additionalProperties: false,
  },
  defaultConfig: { to: '', subject: '', body: '' },
  fixtures: {
    valid: [
      { to: 'ops@example.com, {{run.record.fields.email}}', subject: 'New claim', body: 'Claim {{run.record.id}}' },
    ],
    invalid: [
      { to: '', subject: 'x', body: '' },
      { to: 'a@b.c', subject: '', body: '' },
      { to: 'a@b.c', subject: 'x', body: 5 },
    ],
  },
});
