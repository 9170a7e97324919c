// Plain names only: the browser imports this file.

/** The record events a webhook can hear (spec: created, submitted, approved, rejected, sent back, ...). */
export const WEBHOOK_EVENTS = [
  'record.created',
  'record.submitted',
  'record.approved',
  'record.rejected',
  'record.sent_back',
  'record.reassigned',
  'record.completed',
  'record.restarted',
  'record.deleted',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
