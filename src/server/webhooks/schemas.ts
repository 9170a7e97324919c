import {
  DatatablePage,
  DatatablePayload,
  Envelope,
  Id,
  StringEnum,
  Type,
  type Static,
} from '../../../schemas/api/common.js';
import { WEBHOOK_EVENTS } from './event-names.js';

export const WebhookEventName = StringEnum(WEBHOOK_EVENTS);

export const Webhook = Type.Object({
  id: Type.String(),
  name: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  /** No apps: every app's records. */
  moduleIds: Type.Array(Type.String()),
  hasSecret: Type.Boolean(),
  /** Only in the answer of the save that set or made the secret: it is never shown again. */
  secret: Type.Optional(Type.String()),
  active: Type.Boolean(),
  ownerId: Type.String(),
  ownerName: Type.String(),
  failingSince: Type.Union([Type.String(), Type.Null()]),
  disabledReason: Type.Union([Type.String(), Type.Null()]),
  /** Deliveries waiting (or retrying) and given up. */
  pending: Type.Integer(),
  failed: Type.Integer(),
  version: Type.Integer(),
  modified_on: Type.String(),
});
export type Webhook = Static<typeof Webhook>;

/**
 * A new webhook, or a change at the version read. `secret`: a whsec_ key to sign with, null for unsigned deliveries,
 * left out to keep the current one (a new webhook without one gets one made); `newSecret` makes a fresh one.
 */
export const SaveWebhookBody = Type.Object({
  id: Type.Optional(Id),
  name: Type.String({ maxLength: 100 }),
  url: Type.String({ maxLength: 2000 }),
  events: Type.Array(WebhookEventName, { minItems: 1, maxItems: WEBHOOK_EVENTS.length, uniqueItems: true }),
  moduleIds: Type.Optional(Type.Array(Id, { maxItems: 200 })),
  secret: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  newSecret: Type.Optional(Type.Boolean()),
  active: Type.Optional(Type.Boolean()),
  version: Type.Optional(Type.Integer()),
});
export type SaveWebhookBody = Static<typeof SaveWebhookBody>;

export const WebhookRef = Type.Object({ id: Id });
export const IdsBody = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 500 }) });
export const ListBody = DatatablePayload;
export type ListBody = Static<typeof ListBody>;

/** executionlog: a webhook's attempts, newest first; `outcome` narrows to delivered or failed ones. */
export const LogBody = Type.Composite([
  DatatablePayload,
  Type.Object({
    webhookId: Id,
    outcome: Type.Optional(StringEnum(['delivered', 'failed'] as const)),
  }),
]);
export type LogBody = Static<typeof LogBody>;

export const AttemptRow = Type.Object({
  id: Type.String(),
  deliveryId: Type.String(),
  event: Type.String(),
  recordId: Type.Union([Type.String(), Type.Null()]),
  attempt: Type.Integer(),
  outcome: Type.String(),
  statusCode: Type.Union([Type.Integer(), Type.Null()]),
  durationMs: Type.Integer(),
  responseExcerpt: Type.Union([Type.String(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  /** Where the delivery stands now (pending, delivered, failed): a failed one can be replayed. */
  deliveryStatus: Type.String(),
  created_on: Type.String(),
});

/** Replay one delivery, or every given-up delivery of a webhook since a time. */
export const ReplayBody = Type.Union([
  Type.Object({ deliveryId: Id }),
  Type.Object({ webhookId: Id, since: Type.String({ minLength: 10, maxLength: 40 }) }),
]);
export type ReplayBody = Static<typeof ReplayBody>;

export const WebhookAnswer = Envelope(Webhook);
export const WebhookPageAnswer = Envelope(DatatablePage(Webhook));
export const LogAnswer = Envelope(DatatablePage(AttemptRow));
export const DeletedAnswer = Envelope(Type.Object({ deleted: Type.Integer() }));
export const ReplayAnswer = Envelope(Type.Object({ replayed: Type.Integer() }));
