import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { badRequest } from '../http/errors.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { passwordProblem, tenantPolicy, type SecurityPolicy } from './policy.js';
import { revokeUserSessions, startSession } from './sessions.js';
import { safeJson, userInfo } from './user-info.js';

const DEFAULT_ZONE = 'Etc/UTC';
/** The organisation zone falls back to Etc/UTC when missing or 'GMT Standard Time' (spec section 9). */
export const effectiveZone = (zone: string | null | undefined) =>
  !zone || zone === 'GMT Standard Time' ? DEFAULT_ZONE : zone;

function validZone(zone: unknown): string {
  if (typeof zone !== 'string' || !zone) throw badRequest('A time zone is required.');
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    throw badRequest(`Unknown time zone '${zone}'.`);
  }
  return zone;
}

export async function manageRoutes(app: FastifyInstance, ctx: AppContext) {
  const manage = '/api/identity/manageauthenticator';
  const admins = { roles: ['sysAdmin', 'administrator'] as ('sysAdmin' | 'administrator')[] };

  app.get(`${manage}/userinfo`, async (req) => {
    const user = await req.tdb.selectFrom('users').selectAll().where('id', '=', req.user.id).executeTakeFirstOrThrow();
    return { success: true, message: '', data: userInfo(user, req.tenant.date_format) };
  });

  app.post(`${manage}/changepassword`, { config: { scope: 'password-change' } }, async (req) => {
    const body = (req.body ?? {}) as { currentPassword?: unknown; newPassword?: unknown };
    const problem = passwordProblem(body.newPassword);
    if (problem) throw badRequest(problem);
    const user = await req.tdb.selectFrom('users').selectAll().where('id', '=', req.user.id).executeTakeFirstOrThrow();
    if (!(await verifyPassword(user.password_hash, String(body.currentPassword ?? ''))))
      throw badRequest('The current password is not correct.');
    if (body.currentPassword === body.newPassword)
      throw badRequest('The new password must differ from the current one.');
    const now = new Date().toISOString();
    await req.tdb
      .updateTable('users')
      .set({ password_hash: await hashPassword(String(body.newPassword)), password_changed_on: now, modified_on: now })
      .where('id', '=', user.id)
      .execute();
    await revokeUserSessions(req.tdb, user.id);
    const fresh = await req.tdb.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    const tokens = await startSession(req.tdb, ctx.keys, fresh);
    return {
      success: true,
      message: 'Your password has been changed.',
      data: { ...tokens, succeeded: true, userId: user.id },
    };
  });

  app.get(`${manage}/policy`, async (req) => ({ success: true, message: '', data: tenantPolicy(req.tenant) }));

  app.post(`${manage}/policy`, { config: admins }, async (req) => {
    const b = (req.body ?? {}) as Partial<SecurityPolicy>;
    const days = Number(b.passwordExpiryDays ?? 90);
    if (!Number.isInteger(days) || days < 1 || days > 3650) throw badRequest('Password expiry is 1 to 3650 days.');
    const policy: SecurityPolicy = {
      requireTwoFactor: !!b.requireTwoFactor,
      enablePasswordExpiry: !!b.enablePasswordExpiry,
      passwordExpiryDays: days,
    };
    const settings = { ...safeJson(req.tenant.settings), securityPolicy: policy };
    await ctx.db.system
      .updateTable('tenants')
      .set({ settings: JSON.stringify(settings) })
      .where('id', '=', req.tenant.id)
      .execute();
    ctx.tenants.invalidate(req.tenant.domain);
    return { success: true, message: 'The security policy has been saved.', data: policy };
  });

  app.get(`${manage}/securityquestions`, async (req) => {
    const row = await req.tdb
      .selectFrom('users')
      .select('security_questions')
      .where('id', '=', req.user.id)
      .executeTakeFirstOrThrow();
    const list = JSON.parse(row.security_questions) as { question: string }[];
    return { success: true, message: '', data: list.map((q) => ({ question: q.question, answered: true })) };
  });

  app.post(`${manage}/securityquestions`, async (req) => {
    const items = (req.body as { questions?: unknown } | undefined)?.questions;
    if (!Array.isArray(items) || items.length < 1 || items.length > 5)
      throw badRequest('Give between 1 and 5 questions.');
    const stored = [];
    for (const it of items as { question?: unknown; answer?: unknown }[]) {
      const question = String(it.question ?? '').trim();
      const answer = String(it.answer ?? '')
        .trim()
        .toLowerCase();
      if (!question || question.length > 200) throw badRequest('Each question needs 1 to 200 characters.');
      if (answer.length < 2 || answer.length > 100) throw badRequest('Each answer needs 2 to 100 characters.');
      stored.push({ question, answer: await hashPassword(answer) });
    }
    await req.tdb
      .updateTable('users')
      .set({ security_questions: JSON.stringify(stored) })
      .where('id', '=', req.user.id)
      .execute();
    return { success: true, message: 'Your security questions have been saved.' };
  });

  app.post(`${manage}/setusertimezone`, async (req) => {
    const zone = validZone((req.body as { timezone?: unknown } | undefined)?.timezone);
    const row = await req.tdb
      .selectFrom('users')
      .select('preferences')
      .where('id', '=', req.user.id)
      .executeTakeFirstOrThrow();
    const prefs = { ...safeJson(row.preferences), timezone: zone };
    await req.tdb
      .updateTable('users')
      .set({ preferences: JSON.stringify(prefs) })
      .where('id', '=', req.user.id)
      .execute();
    return { success: true, message: 'Time zone saved.', data: { timezone: zone } };
  });

  app.get(`${manage}/timezone`, async (req) => {
    const row = await req.tdb
      .selectFrom('users')
      .select('preferences')
      .where('id', '=', req.user.id)
      .executeTakeFirstOrThrow();
    const own = safeJson(row.preferences).timezone as string | undefined;
    return { success: true, message: '', data: { timezone: own ?? effectiveZone(req.tenant.time_zone) } };
  });

  app.get('/api/sys/organization/current', async (req) => {
    const t = req.tenant;
    return {
      success: true,
      message: '',
      data: {
        name: t.name,
        domain: t.domain,
        time_zone: effectiveZone(t.time_zone),
        date_format: t.date_format ?? 'YYYY-MM-DD',
        datetime_format: t.datetime_format,
        time_format: t.time_format ?? 'HH:mm:ss',
      },
    };
  });

  app.post('/api/sys/organization/setorganizationtimezone', { config: admins }, async (req) => {
    const zone = validZone((req.body as { timezone?: unknown } | undefined)?.timezone);
    await ctx.db.system.updateTable('tenants').set({ time_zone: zone }).where('id', '=', req.tenant.id).execute();
    ctx.tenants.invalidate(req.tenant.domain);
    return { success: true, message: 'Organisation time zone saved.', data: { timezone: zone } };
  });
}
