import { ok, type ApiApp } from '../http/api.js';
import type { AppContext } from '../context.js';
import { rolesOf } from '../access/index.js';
import { NoBody } from '../../../schemas/api/common.js';
import {
  IdParams,
  NewUser,
  UserAnswer,
  UserChanges,
  UserDetailAnswer,
  UserListQuery,
  UserPageAnswer,
} from './schemas.js';
import { createUser, deactivateUser, listUsers, reactivateUser, updateUser, userDetail } from './users.js';

const USERS = '/api/people/users';

/** User management (system administrators, administrators and consultants). */
export function userRoutes(app: ApiApp, ctx: AppContext) {
  const config = { roles: rolesOf('managers') };
  const tags = ['people'];

  app.get(
    USERS,
    { config, schema: { tags, querystring: UserListQuery, response: { 200: UserPageAnswer } } },
    async (req) => ok(await listUsers(req.tdb, req.query)),
  );

  app.get(
    `${USERS}/:id`,
    { config, schema: { tags, params: IdParams, response: { 200: UserDetailAnswer } } },
    async (req) => ok(await userDetail(req.tdb, req.params.id)),
  );

  app.post(USERS, { config, schema: { tags, body: NewUser, response: { 200: UserAnswer } } }, async (req) => {
    // The invitation link points at the web app: its public address, else the address this request came to.
    const origin = ctx.config.publicUrl?.replace(/\/$/, '') || `${req.protocol}://${req.headers.host}`;
    const { user, invited } = await createUser(req.tdb, req.user, req.body, { origin, organisation: req.tenant.name });
    return ok(user, invited ? 'The user has been created and an invitation sent.' : 'The user has been created.');
  });

  app.put(
    `${USERS}/:id`,
    { config, schema: { tags, params: IdParams, body: UserChanges, response: { 200: UserAnswer } } },
    async (req) => ok(await updateUser(req.tdb, req.user, req.params.id, req.body), 'The user has been saved.'),
  );

  app.post(
    `${USERS}/:id/deactivate`,
    { config, schema: { tags, params: IdParams, body: NoBody, response: { 200: UserAnswer } } },
    async (req) => ok(await deactivateUser(req.tdb, req.user, req.params.id), 'The user has been deactivated.'),
  );

  app.post(
    `${USERS}/:id/reactivate`,
    { config, schema: { tags, params: IdParams, body: NoBody, response: { 200: UserAnswer } } },
    async (req) => ok(await reactivateUser(req.tdb, req.user, req.params.id), 'The user has been reactivated.'),
  );
}
