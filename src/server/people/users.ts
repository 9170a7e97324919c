import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { createChallenge } from '../identity/challenges.js';
import { hashPassword } from '../identity/passwords.js';
import { passwordProblem } from '../identity/policy.js';
import { revokeUserSessions } from '../identity/sessions.js';
import type { UserRow } from '../identity/user-info.js';
import { enqueue } from '../outbox/outbox.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { MANAGERS } from '../sys/menu-items.js';
import {
  emailProblem,
  escalations,
  fullnameProblem,
  LICENCES,
  rank,
  usernameProblem,
  type Licence,
  type RoleFlags,
} from './rules.js';

const INVITE_TTL_MS = 7 * 86_400_000;

const flagsOf = (u: UserRow): RoleFlags => ({
  isSysAdmin: !!u.is_sys_admin,
  isAdministrator: !!u.is_administrator,
  isFullUser: !!u.is_full_user,
  isConsultant: !!u.is_consultant,
});

/** The user as the management screens see it (never the password hash or second-factor secrets). */
export const userView = (u: UserRow) => ({
  id: u.id,
  username: u.username,
  email: u.email,
  fullname: u.fullname,
  ...flagsOf(u),
  license: u.license,
  status: u.status,
  created_on: u.created_on,
  modified_on: u.modified_on,
});

interface UserBody {
  username?: unknown;
  email?: unknown;
  fullname?: unknown;
  isSysAdmin?: unknown;
  isAdministrator?: unknown;
  isFullUser?: unknown;
  isConsultant?: unknown;
  license?: unknown;
  password?: unknown;
}

function origin(req: FastifyRequest, publicUrl: string | undefined) {
  return publicUrl ? publicUrl.replace(/\/$/, '') : `${req.protocol}://${req.headers.host}`;
}

const activeSysAdmins = async (tdb: TenantDb) =>
  Number(
    (
      await tdb
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('is_sys_admin', '=', 1)
        .where('status', '=', 'active')
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Users of the tenant: list by licence kind, create (password or invitation), edit, deactivate, reactivate. */
export async function userRoutes(app: FastifyInstance, ctx: AppContext) {
  const managers = { config: { roles: MANAGERS }, schema: { tags: ['people'] } };
  const base = '/api/people/users';

  const load = async (tdb: TenantDb, id: string) => {
    const u = await tdb.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    if (!u) throw notFound('The user does not exist.');
    return u;
  };
  // Nobody changes a user who outranks them.
  const mayChange = (req: FastifyRequest, target: UserRow) => {
    if (rank(flagsOf(target)) > rank(req.user))
      throw forbidden('You cannot change a user whose role is higher than your own.');
  };
  const flagsFrom = (b: UserBody, prev: RoleFlags): RoleFlags => ({
    isSysAdmin: b.isSysAdmin === undefined ? prev.isSysAdmin : !!b.isSysAdmin,
    isAdministrator: b.isAdministrator === undefined ? prev.isAdministrator : !!b.isAdministrator,
    isFullUser: b.isFullUser === undefined ? prev.isFullUser : !!b.isFullUser,
    isConsultant: b.isConsultant === undefined ? prev.isConsultant : !!b.isConsultant,
  });
  const noEscalation = (req: FastifyRequest, prev: RoleFlags, next: RoleFlags) => {
    if (escalations(req.user, prev, next).length) throw forbidden('You cannot grant a role higher than your own.');
  };
  const licenceOf = (v: unknown, fallback: Licence): Licence => {
    if (v === undefined) return fallback;
    if (typeof v !== 'string' || !(LICENCES as readonly string[]).includes(v))
      throw badRequest(`The licence must be one of ${LICENCES.join(', ')}.`);
    return v as Licence;
  };

  app.get(base, managers, async (req) => {
    const q = req.query as { license?: string; search?: string; page?: string; length?: string; status?: string };
    const page = Math.max(1, Number(q.page ?? 1) || 1);
    const length = Math.min(100, Math.max(1, Number(q.length ?? 10) || 10));
    const license = q.license ? licenceOf(q.license, 'FULL_USER') : undefined;
    const term = String(q.search ?? '')
      .trim()
      .toLowerCase()
      .replace(/[%_\\]/g, '');
    let query = req.tdb.selectFrom('users');
    if (license) query = query.where('license', '=', license);
    if (q.status === 'active' || q.status === 'inactive') query = query.where('status', '=', q.status);
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    if (term)
      query = query.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['username']), 'like', `%${term}%`),
          eb(eb.fn('lower', ['fullname']), 'like', `%${term}%`),
          eb(eb.fn('lower', ['email']), 'like', `%${term}%`),
        ]),
      );
    const filtered = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .selectAll()
      .orderBy('username')
      .limit(length)
      .offset((page - 1) * length)
      .execute();
    return {
      success: true,
      message: '',
      data: {
        data: rows.map(userView),
        recordsTotal: Number(total.n),
        recordsFiltered: Number(filtered.n),
        page,
        length,
      },
    };
  });

  app.get(`${base}/:id`, managers, async (req) => {
    const u = await load(req.tdb, (req.params as { id: string }).id);
    const teams = await req.tdb
      .selectFrom('team_members')
      .innerJoin('teams', (j) =>
        j.onRef('teams.id', '=', 'team_members.team_id').onRef('teams.tenant_id', '=', 'team_members.tenant_id'),
      )
      .select(['teams.id', 'teams.name'])
      .where('team_members.user_id', '=', u.id)
      .orderBy('teams.name')
      .execute();
    return { success: true, message: '', data: { ...userView(u), teams } };
  });

  app.post(base, managers, async (req) => {
    const b = (req.body ?? {}) as UserBody;
    const problem = usernameProblem(b.username) ?? emailProblem(b.email) ?? fullnameProblem(b.fullname);
    if (problem) throw badRequest(problem);
    const none: RoleFlags = { isSysAdmin: false, isAdministrator: false, isFullUser: false, isConsultant: false };
    const flags = flagsFrom(b, none);
    noEscalation(req, none, flags);
    const license = licenceOf(b.license, flags.isFullUser || flags.isConsultant ? 'FULL_USER' : 'REGULAR_USER');
    const password = b.password === undefined || b.password === '' ? undefined : b.password;
    if (password !== undefined) {
      const pw = passwordProblem(password);
      if (pw) throw badRequest(pw);
    }
    const username = String(b.username);
    const clash = await req.tdb.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
    if (clash) throw badRequest(`The username '${username}' is already taken.`);
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    await req.tdb.transaction(async (tx) => {
      await tx
        .insertInto('users', {
          id,
          username,
          email: String(b.email).trim(),
          fullname: String(b.fullname).trim(),
          password_hash: password === undefined ? null : await hashPassword(String(password)),
          is_sys_admin: flags.isSysAdmin ? 1 : 0,
          is_administrator: flags.isAdministrator ? 1 : 0,
          is_full_user: flags.isFullUser ? 1 : 0,
          is_consultant: flags.isConsultant ? 1 : 0,
          license,
          status: 'active',
          password_changed_on: password === undefined ? null : now,
          preferences: '{}',
          created_on: now,
          modified_on: now,
          totp_secret: null,
          totp_enabled: 0,
          totp_last_step: null,
          security_questions: '[]',
          avatar: null,
        })
        .execute();
      if (password === undefined) {
        // No password: the user chooses one through a one-time link (the reset-password page).
        const token = await createChallenge(tx, id, 'reset', INVITE_TTL_MS);
        const link = `${origin(req, ctx.config.publicUrl)}/reset-password?token=${encodeURIComponent(token)}`;
        await enqueue(
          tx,
          'mail',
          {
            to: String(b.email).trim(),
            subject: `You have been invited to ${req.tenant.name}`,
            text: `Hello ${String(b.fullname).trim()},\n\nAn account '${username}' has been created for you. Use this link within 7 days to choose your password:\n${link}\n`,
          },
          `invite:${id}`,
        );
      }
    });
    const u = await load(req.tdb, id);
    return {
      success: true,
      message:
        password === undefined ? 'The user has been created and an invitation sent.' : 'The user has been created.',
      data: userView(u),
    };
  });

  app.put(`${base}/:id`, managers, async (req) => {
    const b = (req.body ?? {}) as UserBody;
    const id = (req.params as { id: string }).id;
    return req.tdb.transaction(async (tx) => {
      const u = await load(tx, id);
      mayChange(req, u);
      const prev = flagsOf(u);
      const next = flagsFrom(b, prev);
      noEscalation(req, prev, next);
      if (prev.isSysAdmin && !next.isSysAdmin && u.status === 'active' && (await activeSysAdmins(tx)) <= 1)
        throw badRequest('The last system administrator cannot lose that role.');
      const email = b.email === undefined ? u.email : String(b.email).trim();
      const fullname = b.fullname === undefined ? u.fullname : String(b.fullname).trim();
      const problem = emailProblem(email) ?? fullnameProblem(fullname);
      if (problem) throw badRequest(problem);
      const license = licenceOf(b.license, u.license as Licence);
      const set: Record<string, unknown> = {
        email,
        fullname,
        license,
        is_sys_admin: next.isSysAdmin ? 1 : 0,
        is_administrator: next.isAdministrator ? 1 : 0,
        is_full_user: next.isFullUser ? 1 : 0,
        is_consultant: next.isConsultant ? 1 : 0,
        modified_on: new Date().toISOString(),
      };
      if (b.password !== undefined && b.password !== '') {
        const pw = passwordProblem(b.password);
        if (pw) throw badRequest(pw);
        set.password_hash = await hashPassword(String(b.password));
        set.password_changed_on = set.modified_on;
      }
      await tx.updateTable('users').set(set).where('id', '=', id).execute();
      // New roles or a new password take effect at the next sign-in.
      if (set.password_hash || JSON.stringify(prev) !== JSON.stringify(next)) await revokeUserSessions(tx, id);
      return { success: true, message: 'The user has been saved.', data: userView(await load(tx, id)) };
    });
  });

  app.post(`${base}/:id/deactivate`, managers, async (req) => {
    const id = (req.params as { id: string }).id;
    return req.tdb.transaction(async (tx) => {
      const u = await load(tx, id);
      mayChange(req, u);
      if (u.is_sys_admin && u.status === 'active' && (await activeSysAdmins(tx)) <= 1)
        throw badRequest('The last system administrator cannot be deactivated.');
      if (id === req.user.id) throw badRequest('You cannot deactivate yourself.');
      await tx
        .updateTable('users')
        .set({ status: 'inactive', modified_on: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
      await revokeUserSessions(tx, id);
      return { success: true, message: 'The user has been deactivated.', data: userView(await load(tx, id)) };
    });
  });

  app.post(`${base}/:id/reactivate`, managers, async (req) => {
    const id = (req.params as { id: string }).id;
    const u = await load(req.tdb, id);
    mayChange(req, u);
    await req.tdb
      .updateTable('users')
      .set({ status: 'active', modified_on: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    return { success: true, message: 'The user has been reactivated.', data: userView(await load(req.tdb, id)) };
  });
}
