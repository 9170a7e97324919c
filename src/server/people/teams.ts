import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../http/errors.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { DESIGNERS, MANAGERS } from '../sys/menu-items.js';
import { teamNameProblem } from './rules.js';

async function loadTeam(tdb: TenantDb, id: string) {
  const team = await tdb.selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirst();
  if (!team) throw notFound('The team does not exist.');
  return team;
}

async function nameFree(tdb: TenantDb, name: string, except?: string) {
  let q = tdb.selectFrom('teams').select('id').where('name', '=', name);
  if (except) q = q.where('id', '!=', except);
  if (await q.executeTakeFirst()) throw badRequest(`A team named '${name}' already exists.`);
}

/** Teams (approver targets in workflows): create, rename, delete, add and remove members. */
export async function teamRoutes(app: FastifyInstance) {
  const managers = { config: { roles: MANAGERS }, schema: { tags: ['people'] } };
  const base = '/api/people/teams';

  const list = async (tdb: TenantDb, search: string) => {
    let q = tdb
      .selectFrom('teams')
      .leftJoin('team_members', (j) =>
        j.onRef('team_members.team_id', '=', 'teams.id').onRef('team_members.tenant_id', '=', 'teams.tenant_id'),
      )
      .select(['teams.id', 'teams.name', 'teams.modified_on'])
      .select((eb) => eb.fn.count<number>('team_members.user_id').as('member_count'))
      .groupBy(['teams.id', 'teams.name', 'teams.modified_on'])
      .orderBy('teams.name');
    const term = search
      .trim()
      .toLowerCase()
      .replace(/[%_\\]/g, '');
    if (term) q = q.where((eb) => eb(eb.fn('lower', ['teams.name']), 'like', `%${term}%`));
    return (await q.execute()).map((t) => ({ ...t, member_count: Number(t.member_count) }));
  };

  app.get(base, managers, async (req) => ({
    success: true,
    message: '',
    data: await list(req.tdb, String((req.query as { search?: string }).search ?? '')),
  }));

  // For workflow designers choosing approvers: names only.
  app.get(`${base}/lookup`, { config: { roles: DESIGNERS }, schema: { tags: ['people'] } }, async (req) => ({
    success: true,
    message: '',
    data: (await list(req.tdb, String((req.query as { search?: string }).search ?? ''))).map((t) => ({
      id: t.id,
      name: t.name,
    })),
  }));

  app.post(base, managers, async (req) => {
    const name = (req.body as { name?: unknown } | undefined)?.name;
    const problem = teamNameProblem(name);
    if (problem) throw badRequest(problem);
    await nameFree(req.tdb, String(name));
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    await req.tdb
      .insertInto('teams', { id, name: String(name), created_by: req.user.id, created_on: now, modified_on: now })
      .execute();
    return { success: true, message: 'The team has been created.', data: { id, name } };
  });

  app.get(`${base}/:id`, managers, async (req) => {
    const team = await loadTeam(req.tdb, (req.params as { id: string }).id);
    const members = await req.tdb
      .selectFrom('team_members')
      .innerJoin('users', (j) =>
        j.onRef('users.id', '=', 'team_members.user_id').onRef('users.tenant_id', '=', 'team_members.tenant_id'),
      )
      .select(['users.id', 'users.username', 'users.fullname', 'users.email', 'users.status'])
      .where('team_members.team_id', '=', team.id)
      .orderBy('users.fullname')
      .execute();
    return { success: true, message: '', data: { id: team.id, name: team.name, members } };
  });

  app.put(`${base}/:id`, managers, async (req) => {
    const team = await loadTeam(req.tdb, (req.params as { id: string }).id);
    const name = (req.body as { name?: unknown } | undefined)?.name;
    const problem = teamNameProblem(name);
    if (problem) throw badRequest(problem);
    await nameFree(req.tdb, String(name), team.id);
    await req.tdb
      .updateTable('teams')
      .set({ name: String(name), modified_on: new Date().toISOString() })
      .where('id', '=', team.id)
      .execute();
    return { success: true, message: 'The team has been renamed.', data: { id: team.id, name } };
  });

  app.delete(`${base}/:id`, managers, async (req) => {
    const team = await loadTeam(req.tdb, (req.params as { id: string }).id);
    await req.tdb.transaction(async (tx) => {
      await tx.deleteFrom('team_members').where('team_id', '=', team.id).execute();
      await tx.deleteFrom('teams').where('id', '=', team.id).execute();
    });
    return { success: true, message: 'The team has been deleted.' };
  });

  app.post(`${base}/:id/members`, managers, async (req) => {
    const team = await loadTeam(req.tdb, (req.params as { id: string }).id);
    const userId = (req.body as { userId?: unknown } | undefined)?.userId;
    if (typeof userId !== 'string' || !userId) throw badRequest('userId is required.');
    const user = await req.tdb.selectFrom('users').select(['id', 'status']).where('id', '=', userId).executeTakeFirst();
    if (!user) throw notFound('The user does not exist.');
    if (user.status !== 'active') throw badRequest('An inactive user cannot join a team.');
    await req.tdb
      .insertInto('team_members', { team_id: team.id, user_id: userId, added_on: new Date().toISOString() })
      .onConflict((oc) => oc.columns(['tenant_id', 'team_id', 'user_id']).doNothing())
      .execute();
    return { success: true, message: 'The member has been added.' };
  });

  app.delete(`${base}/:id/members/:userId`, managers, async (req) => {
    const { id, userId } = req.params as { id: string; userId: string };
    const team = await loadTeam(req.tdb, id);
    await req.tdb.deleteFrom('team_members').where('team_id', '=', team.id).where('user_id', '=', userId).execute();
    return { success: true, message: 'The member has been removed.' };
  });
}
