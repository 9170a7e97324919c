import { ok, type ApiApp } from '../http/api.js';
import { rolesOf } from '../access/index.js';
import {
  IdParams,
  MemberBody,
  MemberParams,
  Ok,
  TeamBody,
  TeamDetailAnswer,
  TeamQuery,
  TeamRefAnswer,
  TeamRefsAnswer,
  TeamsAnswer,
} from './schemas.js';
import {
  addMember,
  createTeam,
  deleteTeam,
  listTeams,
  removeMember,
  renameTeam,
  teamDetail,
  teamLookup,
} from './teams.js';

const TEAMS = '/api/people/teams';

/** Team management (system administrators, administrators and consultants) and the approver lookup (designers). */
export function teamRoutes(app: ApiApp) {
  const config = { roles: rolesOf('managers') };
  const tags = ['people'];

  app.get(TEAMS, { config, schema: { tags, querystring: TeamQuery, response: { 200: TeamsAnswer } } }, async (req) =>
    ok(await listTeams(req.tdb, req.query.search)),
  );

  // For workflow designers choosing approvers: names only.
  app.get(
    `${TEAMS}/lookup`,
    {
      config: { roles: rolesOf('designers') },
      schema: { tags, querystring: TeamQuery, response: { 200: TeamRefsAnswer } },
    },
    async (req) => ok(await teamLookup(req.tdb, req.query.search)),
  );

  app.post(TEAMS, { config, schema: { tags, body: TeamBody, response: { 200: TeamRefAnswer } } }, async (req) =>
    ok(await createTeam(req.tdb, req.user, req.body.name), 'The team has been created.'),
  );

  app.get(
    `${TEAMS}/:id`,
    { config, schema: { tags, params: IdParams, response: { 200: TeamDetailAnswer } } },
    async (req) => ok(await teamDetail(req.tdb, req.params.id)),
  );

  app.put(
    `${TEAMS}/:id`,
    { config, schema: { tags, params: IdParams, body: TeamBody, response: { 200: TeamRefAnswer } } },
    async (req) => ok(await renameTeam(req.tdb, req.params.id, req.body.name), 'The team has been renamed.'),
  );

  app.delete(`${TEAMS}/:id`, { config, schema: { tags, params: IdParams, response: { 200: Ok } } }, async (req) => {
    await deleteTeam(req.tdb, req.params.id);
    return { success: true as const, message: 'The team has been deleted.' };
  });

  app.post(
    `${TEAMS}/:id/members`,
    { config, schema: { tags, params: IdParams, body: MemberBody, response: { 200: Ok } } },
    async (req) => {
      await addMember(req.tdb, req.params.id, req.body.userId);
      return { success: true as const, message: 'The member has been added.' };
    },
  );

  app.delete(
    `${TEAMS}/:id/members/:userId`,
    { config, schema: { tags, params: MemberParams, response: { 200: Ok } } },
    async (req) => {
      await removeMember(req.tdb, req.params.id, req.params.userId);
      return { success: true as const, message: 'The member has been removed.' };
    },
  );
}
