import { api, call } from '../../api/client';
import type { SaveWebhookBody, Webhook } from '../../../server/webhooks/schemas';

export type { SaveWebhookBody, Webhook } from '../../../server/webhooks/schemas';
export { WEBHOOK_EVENTS, type WebhookEvent } from '../../../server/webhooks/event-names';

/** One attempt of the execution log, with where its delivery stands now. */
export interface Attempt {
  id: string;
  deliveryId: string;
  event: string;
  recordId: string | null;
  attempt: number;
  outcome: 'delivered' | 'failed';
  statusCode: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
  deliveryStatus: 'pending' | 'delivered' | 'failed';
  created_on: string;
}

const W = '/webhook';
export const listWebhooks = (search: string) =>
  call<{ data: Webhook[]; recordsFiltered: number }>(api.post(`${W}/datatables`, { search, page: 1, length: 1000 }));
export const webhookDetail = (id: string) => call<Webhook>(api.get(`${W}/detail`, { params: { id } }));
export const saveWebhook = (body: SaveWebhookBody) => call<Webhook>(api.post(`${W}/save`, body));
export const deleteWebhook = (id: string) => call<{ deleted: number }>(api.post(`${W}/deletebyid`, { id }));
export const executionLog = (webhookId: string, page: number, outcome?: 'delivered' | 'failed') =>
  call<{ data: Attempt[]; recordsFiltered: number }>(
    api.post(`${W}/executionlog`, { webhookId, page, length: 25, ...(outcome ? { outcome } : {}) }),
  );
export const replayDelivery = (deliveryId: string) =>
  call<{ replayed: number }>(api.post(`${W}/replay`, { deliveryId }));
export const replayFailedSince = (webhookId: string, since: string) =>
  call<{ replayed: number }>(api.post(`${W}/replay`, { webhookId, since }));
