import { ok, type ApiApp } from '../http/api.js';
import { rolesOf } from '../access/index.js';
import {
  IdParams,
  ManagerAnswer,
  MemberBody,
  MemberParams,
  MoveBody,
  NewUnitBody,
  Ok,
  OrgHitsAnswer,
  OrgTreeAnswer,
  OrgUnitAnswer,
  RolesAnswer,
  SearchQuery,
  UnitChanges,
  UserParams,
} from './schemas.js';
import {
  changeUnit,
  createUnit,
  deleteUnit,
  managerInfo,
  moveUnit,
  removeMember,
  roles,
  search,
  setMember,
  tree,
  unitDetail,
} from './service.js';

const UNITS = '/api/org-units';

/**
 * The organisation's units. The tree and the role names are read by designers too (the workflow designer's
 * "head of unit" and "role in the initiator's unit"); everything else is for those who manage people and teams.
 */
export function orgUnitRoutes(app: ApiApp) {
  const config = { roles: rolesOf('managers') };
  const designers = { roles: rolesOf('designers') };
  const tags = ['org-units'];

  app.get(UNITS, { config: designers, schema: { tags, response: { 200: OrgTreeAnswer } } }, async (req) =>
    ok(await tree(req.tdb)),
  );

  app.get(`${UNITS}/roles`, { config: designers, schema: { tags, response: { 200: RolesAnswer } } }, async (req) =>
    ok(await roles(req.tdb)),
  );

  app.get(
    `${UNITS}/search`,
    { config, schema: { tags, querystring: SearchQuery, response: { 200: OrgHitsAnswer } } },
    async (req) => ok(await search(req.tdb, req.query.search)),
  );

  app.get(
    `${UNITS}/managers/:userId`,
    { config, schema: { tags, params: UserParams, response: { 200: ManagerAnswer } } },
    async (req) => ok(await managerInfo(req.tdb, req.params.userId)),
  );

  app.post(UNITS, { config, schema: { tags, body: NewUnitBody, response: { 200: OrgUnitAnswer } } }, async (req) =>
    ok(await createUnit(req.tdb, req.body), 'The unit has been created.'),
  );

  app.get(
    `${UNITS}/:id`,
    { config, schema: { tags, params: IdParams, response: { 200: OrgUnitAnswer } } },
    async (req) => ok(await unitDetail(req.tdb, req.params.id)),
  );

  app.put(
    `${UNITS}/:id`,
    { config, schema: { tags, params: IdParams, body: UnitChanges, response: { 200: OrgUnitAnswer } } },
    async (req) => ok(await changeUnit(req.tdb, req.params.id, req.body), 'The unit has been saved.'),
  );

  app.post(
    `${UNITS}/:id/move`,
    { config, schema: { tags, params: IdParams, body: MoveBody, response: { 200: OrgUnitAnswer } } },
    async (req) => ok(await moveUnit(req.tdb, req.params.id, req.body.parentId), 'The unit has been moved.'),
  );

  app.delete(`${UNITS}/:id`, { config, schema: { tags, params: IdParams, response: { 200: Ok } } }, async (req) => {
    await deleteUnit(req.tdb, req.params.id);
    return { success: true as const, message: 'The unit has been deleted.' };
  });

  app.put(
    `${UNITS}/:id/members/:userId`,
    { config, schema: { tags, params: MemberParams, body: MemberBody, response: { 200: OrgUnitAnswer } } },
    async (req) =>
      ok(await setMember(req.tdb, req.params.id, req.params.userId, req.body), 'The member has been saved.'),
  );

  app.delete(
    `${UNITS}/:id/members/:userId`,
    { config, schema: { tags, params: MemberParams, response: { 200: OrgUnitAnswer } } },
    async (req) => ok(await removeMember(req.tdb, req.params.id, req.params.userId), 'The member has been removed.'),
  );
}
