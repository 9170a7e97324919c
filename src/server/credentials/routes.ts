import { ok, type ApiApp } from '../http/api.js';
import { rolesOf } from '../access/index.js';
import { DeletedAnswer, HeaderAnswer, HeaderListBody, HeaderPageAnswer, HeaderRef, SaveHeaderBody } from './schemas.js';
import { deleteHeader, fetchHeader, listHeaders, saveHeader } from './service.js';

const S = '/api/dataconnector/securityheader';
const tags = ['security headers'];
/** Credential sets are kept by designers (they build connectors and remote lookups). */
const designers = { roles: rolesOf('designers') };

export function securityHeaderRoutes(app: ApiApp) {
  app.post(
    `${S}/save`,
    { config: designers, schema: { tags, body: SaveHeaderBody, response: { 200: HeaderAnswer } } },
    async (req) => ok(await saveHeader(req.tdb, req.user, req.body), 'The security header has been saved.'),
  );
  app.get(
    `${S}/fetch`,
    { config: designers, schema: { tags, querystring: HeaderRef, response: { 200: HeaderAnswer } } },
    async (req) => ok(await fetchHeader(req.tdb, req.query.id)),
  );
  app.post(
    `${S}/datatables`,
    { config: designers, schema: { tags, body: HeaderListBody, response: { 200: HeaderPageAnswer } } },
    async (req) => ok(await listHeaders(req.tdb, req.body)),
  );
  app.post(
    `${S}/delete`,
    { config: designers, schema: { tags, body: HeaderRef, response: { 200: DeletedAnswer } } },
    async (req) => ok(await deleteHeader(req.tdb, req.body.id), 'The security header has been deleted.'),
  );
}
