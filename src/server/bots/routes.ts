import { ok, type ApiApp } from '../http/api.js';
import { rolesOf } from '../access/index.js';
import { IdParams } from '../../../schemas/api/common.js';
import { BOT_IDS, BOTS } from './catalogue.js';
import { lookupCompanies } from './companies-house.js';
import { licensedBots } from './licences.js';
import { PLATFORMS } from './platforms.js';
import {
  BotParams,
  BotsAnswer,
  CompanyLookupBody,
  CreateStoreKeyBody,
  DashboardAnswer,
  DashboardQuery,
  DeletedAnswer,
  LookupAnswer,
  PlatformsAnswer,
  SaveVariablesBody,
  StoreKeyAnswer,
  StoreKeyListBody,
  StoreKeyPageAnswer,
  UpdateStoreKeyBody,
  UsageListBody,
  UsagePageAnswer,
  VariablesAnswer,
} from './schemas.js';
import { createStoreKey, deleteStoreKey, listStoreKeys, storeKeyById, updateStoreKey } from './store-keys.js';
import { dashboard, usagePage } from './usage.js';
import { botVariables, saveBotVariables } from './variables.js';

const B = '/api/bot';
const tags = ['connect hub'];
/** Spec: Connect Hub for administrators and system administrators. */
const admins = { roles: rolesOf('admins') };

/**
 * The connect hub API: GET /api/bot/list; GET|POST /api/bot/{bot}/variables; GET /api/bot/{bot}/dashboard;
 * POST /api/bot/usage/datatables; POST /api/bot/connecthublinkedlookup; /api/bot/storekey/… and
 * GET /api/manage/supportedplatforms.
 */
export function botRoutes(app: ApiApp) {
  app.get(`${B}/list`, { config: admins, schema: { tags, response: { 200: BotsAnswer } } }, async (req) => {
    const licensed = await licensedBots(req.tdb);
    return ok(BOT_IDS.map((id) => ({ ...BOTS[id], licensed: licensed.has(id) })).map(({ variables: _v, ...b }) => b));
  });
  app.get(
    `${B}/:bot/variables`,
    { config: admins, schema: { tags, params: BotParams, response: { 200: VariablesAnswer } } },
    async (req) => ok(await botVariables(req.tdb, req.params.bot)),
  );
  app.post(
    `${B}/:bot/variables`,
    {
      config: admins,
      schema: { tags, params: BotParams, body: SaveVariablesBody, response: { 200: VariablesAnswer } },
    },
    async (req) =>
      ok(await saveBotVariables(req.tdb, req.params.bot, req.body), `${BOTS[req.params.bot].name} settings saved.`),
  );
  app.get(
    `${B}/:bot/dashboard`,
    {
      config: admins,
      schema: { tags, params: BotParams, querystring: DashboardQuery, response: { 200: DashboardAnswer } },
    },
    async (req) => ok(await dashboard(req.tdb, req.params.bot, req.query.days)),
  );
  app.post(
    `${B}/usage/datatables`,
    { config: admins, schema: { tags, body: UsageListBody, response: { 200: UsagePageAnswer } } },
    async (req) => ok(await usagePage(req.tdb, req.body)),
  );
  app.post(
    `${B}/connecthublinkedlookup`,
    { config: admins, schema: { tags, body: CompanyLookupBody, response: { 200: LookupAnswer } } },
    async (req) =>
      ok({
        items: await lookupCompanies(req.tdb, req.body, {
          allowPrivate: req.tenant.allow_private_egress === 1,
          log: req.log,
        }),
      }),
  );

  const K = `${B}/storekey`;
  app.get(
    '/api/manage/supportedplatforms',
    { config: admins, schema: { tags, response: { 200: PlatformsAnswer } } },
    async () => ok(PLATFORMS),
  );
  app.post(
    `${K}/create`,
    { config: admins, schema: { tags, body: CreateStoreKeyBody, response: { 200: StoreKeyAnswer } } },
    async (req) => ok(await createStoreKey(req.tdb, req.body), 'The store key has been saved.'),
  );
  app.put(
    `${K}/update`,
    { config: admins, schema: { tags, body: UpdateStoreKeyBody, response: { 200: StoreKeyAnswer } } },
    async (req) => ok(await updateStoreKey(req.tdb, req.body), 'The store key has been saved.'),
  );
  app.delete(
    `${K}/delete/:id`,
    { config: admins, schema: { tags, params: IdParams, response: { 200: DeletedAnswer } } },
    async (req) => ok(await deleteStoreKey(req.tdb, req.params.id), 'The store key has been deleted.'),
  );
  app.post(
    `${K}/datatables`,
    { config: admins, schema: { tags, body: StoreKeyListBody, response: { 200: StoreKeyPageAnswer } } },
    async (req) => ok(await listStoreKeys(req.tdb, req.body)),
  );
  app.get(
    `${K}/getbyid/:id`,
    { config: admins, schema: { tags, params: IdParams, response: { 200: StoreKeyAnswer } } },
    async (req) => ok(await storeKeyById(req.tdb, req.params.id)),
  );
}
