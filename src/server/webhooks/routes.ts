import { ok, type ApiApp } from '../http/api.js';
import { rolesOf } from '../access/index.js';
import {
  DeletedAnswer,
  IdsBody,
  ListBody,
  LogAnswer,
  LogBody,
  ReplayAnswer,
  ReplayBody,
  SaveWebhookBody,
  WebhookAnswer,
  WebhookPageAnswer,
  WebhookRef,
} from './schemas.js';
import { deleteWebhooks, executionLog, listWebhooks, replay, saveWebhook, webhookById } from './service.js';

const W = '/api/webhook';
const tags = ['webhooks'];
/** Spec: webhooks for system administrators, administrators and consultants. */
const managers = { roles: rolesOf('managers') };

export function webhookRoutes(app: ApiApp, wake: () => void) {
  app.post(
    `${W}/save`,
    { config: managers, schema: { tags, body: SaveWebhookBody, response: { 200: WebhookAnswer } } },
    async (req) =>
      ok(
        await saveWebhook(req.tdb, req.user, req.body, req.tenant.allow_private_egress === 1),
        'The webhook has been saved.',
      ),
  );
  app.get(
    `${W}/detail`,
    { config: managers, schema: { tags, querystring: WebhookRef, response: { 200: WebhookAnswer } } },
    async (req) => ok(await webhookById(req.tdb, req.query.id)),
  );
  app.post(
    `${W}/datatables`,
    { config: managers, schema: { tags, body: ListBody, response: { 200: WebhookPageAnswer } } },
    async (req) => ok(await listWebhooks(req.tdb, req.body)),
  );
  app.post(
    `${W}/executionlog`,
    { config: managers, schema: { tags, body: LogBody, response: { 200: LogAnswer } } },
    async (req) => ok(await executionLog(req.tdb, req.body)),
  );
  app.post(
    `${W}/replay`,
    { config: managers, schema: { tags, body: ReplayBody, response: { 200: ReplayAnswer } } },
    async (req) => {
      const r = await replay(req.tdb, req.body);
      wake();
      return ok(
        r,
        r.replayed === 1 ? 'The delivery will be sent again now.' : `${r.replayed} deliveries will be sent again now.`,
      );
    },
  );
  app.post(
    `${W}/deletebyids`,
    { config: managers, schema: { tags, body: IdsBody, response: { 200: DeletedAnswer } } },
    async (req) => ok(await deleteWebhooks(req.tdb, req.body.ids), 'The webhooks have been deleted.'),
  );
  app.post(
    `${W}/deletebyid`,
    { config: managers, schema: { tags, body: WebhookRef, response: { 200: DeletedAnswer } } },
    async (req) => ok(await deleteWebhooks(req.tdb, [req.body.id]), 'The webhook has been deleted.'),
  );
}
