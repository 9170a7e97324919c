import type { FastifyRequest } from 'fastify';
import { ok, type ApiApp } from '../http/api.js';
import { rolesOf } from '../access/index.js';
import type { FieldIndexer } from '../entries/indexes.js';
import {
  AggregateAnswer,
  AggregateBody,
  AppsAnswer,
  DataLinksAnswer,
  DataLinksQuery,
  ColumnQuery,
  ColumnsAnswer,
  LookupItemAnswer,
  GovHeadersAnswer,
  LookupPageAnswer,
  RecordLookupBody,
  LookupTestAnswer,
  LookupTestBody,
  RecordLookupQuery,
  RemoteTestAnswer,
  RemoteTestBody,
  UserIdsQuery,
  UserLookupBody,
  UserNamesAnswer,
} from './schemas.js';
import { searchUsers, usersByIds } from './users.js';
import {
  aggregateLookup,
  lookupApps,
  lookupColumns,
  recordLookup,
  recordLookupOne,
  remoteLookup,
  testLookup,
  testRemote,
} from './service.js';
import { govHeaders, parseGovClient } from './gov-headers.js';
import { dataLinks } from './links.js';
import { GOV_CLIENT_HEADER } from '../../../runtime/gov-client.js';

const tags = ['lookups'];
const designers = { roles: rolesOf('designers') };

/** Lookups of spec section 7: what a designer may point a lookup at, and the records a lookup offers a user. */
export function lookupRoutes(app: ApiApp, indexer: FieldIndexer) {
  app.get(
    '/api/form/Editor/ModuleLookup',
    { config: designers, schema: { tags, response: { 200: AppsAnswer } } },
    async (req) => ok(await lookupApps(req.tdb, req.user)),
  );
  app.get(
    '/api/form/Editor/ColumnLookup',
    { config: designers, schema: { tags, querystring: ColumnQuery, response: { 200: ColumnsAnswer } } },
    async (req) => ok(await lookupColumns(req.tdb, req.user, req.query.moduleId)),
  );
  app.post(
    '/api/form/Editor/ModuleLookup/test',
    { config: designers, schema: { tags, body: LookupTestBody, response: { 200: LookupTestAnswer } } },
    async (req) => ok(await testLookup(req.tdb, req.user, req.body)),
  );
  // Outbound calls are the tenant's: private targets only where it allows them; logged with the request.
  const egressOf = (req: FastifyRequest) => ({ allowPrivate: req.tenant.allow_private_egress === 1, log: req.log });
  /** The fraud prevention headers for a call made for this request: the browser's part and the server's. */
  const govOf = (req: FastifyRequest) => async () => {
    const me = await req.tdb.selectFrom('users').select('username').where('id', '=', req.user.id).executeTakeFirst();
    const header = req.headers[GOV_CLIENT_HEADER];
    return govHeaders(
      parseGovClient(typeof header === 'string' ? header : undefined),
      { ip: req.ip, port: req.socket.remotePort, serverIp: req.socket.localAddress },
      { id: req.user.id, username: me?.username },
    );
  };
  app.get(
    '/api/form/editor/dataentrylookup',
    { config: designers, schema: { tags, querystring: DataLinksQuery, response: { 200: DataLinksAnswer } } },
    async (req) => ok(await dataLinks(req.tdb, req.user, req.query.moduleId)),
  );
  app.get('/api/EntryModule/govheaders', { schema: { tags, response: { 200: GovHeadersAnswer } } }, async (req) =>
    ok(await govOf(req)()),
  );
  app.post(
    '/api/EntryModule/RemoteUrl',
    { schema: { tags, body: RecordLookupBody, response: { 200: LookupPageAnswer } } },
    async (req) => ok(await remoteLookup(req.tdb, req.user, req.body, egressOf(req), govOf(req))),
  );
  app.post(
    '/api/form/Editor/RemoteUrl/test',
    { config: designers, schema: { tags, body: RemoteTestBody, response: { 200: RemoteTestAnswer } } },
    async (req) =>
      ok(
        await testRemote(
          req.tdb,
          req.body.settings,
          { search: (req.body.search ?? '').trim(), values: req.body.values ?? {} },
          egressOf(req),
          govOf(req),
        ),
      ),
  );
  app.post(
    '/api/EntryModule/RecordModuleLookup',
    { schema: { tags, body: RecordLookupBody, response: { 200: LookupPageAnswer } } },
    async (req) => ok(await recordLookup(req.tdb, req.user, req.body, indexer)),
  );
  app.post(
    '/api/EntryModule/AggregateLookup',
    { schema: { tags, body: AggregateBody, response: { 200: AggregateAnswer } } },
    async (req) => ok(await aggregateLookup(req.tdb, req.user, req.body)),
  );
  app.get(
    '/api/EntryModule/recordModuleLookup2',
    { schema: { tags, querystring: RecordLookupQuery, response: { 200: LookupItemAnswer } } },
    async (req) => ok(await recordLookupOne(req.tdb, req.user, req.query)),
  );
  app.post(
    '/api/EntryModule/UserLookup',
    { schema: { tags, body: UserLookupBody, response: { 200: LookupPageAnswer } } },
    async (req) =>
      ok(
        await searchUsers(req.tdb, {
          search: (req.body.search ?? '').trim(),
          cursor: req.body.cursor,
          length: req.body.length ?? 20,
          teamId: req.body.teamId || undefined,
        }),
      ),
  );
  app.get(
    '/api/EntryModule/UserLookup2',
    { schema: { tags, querystring: UserIdsQuery, response: { 200: UserNamesAnswer } } },
    async (req) => {
      const names = await usersByIds(
        req.tdb,
        req.query.ids
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      );
      return ok([...names].map(([id, label]) => ({ id, label })));
    },
  );
}
