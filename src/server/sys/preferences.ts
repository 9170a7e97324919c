import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { badRequest, notFound } from '../http/errors.js';
import { safeJson, userInfo } from '../identity/user-info.js';
import { MANAGERS } from './menu-items.js';
import {
  checkOneOf,
  checkZone,
  DATE_FORMATS,
  LANGUAGES,
  LAUNCH_PAGES,
  tenantSettings,
  userSettings,
} from './settings.js';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const AVATAR_RE = /^data:image\/(png|jpeg|webp);base64,([A-Za-z0-9+/=]+)$/;
const AVATAR_MAX_BYTES = 256 * 1024;

async function prefsOf(req: FastifyRequest) {
  const row = await req.tdb
    .selectFrom('users')
    .select('preferences')
    .where('id', '=', req.user.id)
    .executeTakeFirstOrThrow();
  return safeJson(row.preferences);
}
async function savePrefs(req: FastifyRequest, prefs: Record<string, unknown>) {
  await req.tdb
    .updateTable('users')
    .set({ preferences: JSON.stringify(prefs), modified_on: new Date().toISOString() })
    .where('id', '=', req.user.id)
    .execute();
}
const idList = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** Quick launch, sort order, organisation and user settings, and the profile. */
export async function preferenceRoutes(app: FastifyInstance, ctx: AppContext) {
  const publishedIds = async (req: FastifyRequest, ids: string[]) => {
    if (!ids.length) return new Set<string>();
    const rows = await req.tdb
      .selectFrom('modules')
      .select('id')
      .where('id', 'in', ids)
      .where('deleted_on', 'is', null)
      .execute();
    return new Set(rows.map((r) => r.id));
  };

  app.get('/api/sys/userpreference/quicklaunch', { schema: { tags: ['preferences'] } }, async (req) => {
    const apps = idList((await prefsOf(req)).quicklaunch);
    // Names and icons too, so the panel can draw its tiles; deleted apps drop out.
    const rows = apps.length
      ? await req.tdb
          .selectFrom('modules')
          .select(['id', 'display_name', 'app_icon'])
          .where('id', 'in', apps)
          .where('deleted_on', 'is', null)
          .execute()
      : [];
    const items = apps.flatMap((id) => rows.filter((r) => r.id === id));
    return { success: true, message: '', data: { apps, items } };
  });

  app.put('/api/sys/userpreference/quicklaunch', { schema: { tags: ['preferences'] } }, async (req) => {
    const raw = (req.body as { apps?: unknown } | undefined)?.apps;
    if (!Array.isArray(raw)) throw badRequest('apps must be a list of app ids.');
    const apps = [...new Set(idList(raw))];
    const known = await publishedIds(req, apps);
    const missing = apps.find((id) => !known.has(id));
    if (missing) throw notFound(`The app '${missing}' does not exist.`);
    await savePrefs(req, { ...(await prefsOf(req)), quicklaunch: apps });
    return { success: true, message: 'Quick launch saved.', data: { apps } };
  });

  // Datatable of the apps a user may put on quick launch, with whether each is chosen and its position.
  app.post('/api/sys/userpreference/quicklaunchapps/datatables', { schema: { tags: ['preferences'] } }, async (req) => {
    const b = (req.body ?? {}) as { page?: unknown; length?: unknown; search?: unknown };
    const page = Math.max(1, Number(b.page ?? 1) || 1);
    const length = Math.min(100, Math.max(1, Number(b.length ?? 10) || 10));
    const term = String(
      (typeof b.search === 'object' && b.search ? (b.search as { value?: unknown }).value : b.search) ?? '',
    ).trim();
    const chosen = idList((await prefsOf(req)).quicklaunch);
    let q = req.tdb.selectFrom('modules').where('deleted_on', 'is', null).where('published_version', 'is not', null);
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    if (term)
      q = q.where((eb) =>
        eb(eb.fn('lower', ['display_name']), 'like', `%${term.toLowerCase().replace(/[%_\\]/g, '')}%`),
      );
    const filtered = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await q
      .select(['id', 'display_name', 'app_icon', 'add_to_quick_launch'])
      .orderBy('display_name')
      .orderBy('id')
      .limit(length)
      .offset((page - 1) * length)
      .execute();
    const data = rows.map((r) => ({
      id: r.id,
      display_name: r.display_name,
      app_icon: r.app_icon,
      selected: chosen.includes(r.id),
      index: chosen.indexOf(r.id),
    }));
    return {
      success: true,
      message: '',
      data: { data, recordsTotal: Number(total.n), recordsFiltered: Number(filtered.n) },
    };
  });

  app.patch('/api/sys/user/preference/sortupdate', { schema: { tags: ['preferences'] } }, async (req) => {
    const data = (req.body as { data?: unknown } | undefined)?.data;
    if (!Array.isArray(data)) throw badRequest('data must be a list of { id, index }.');
    const prefs = await prefsOf(req);
    const current = idList(prefs.quicklaunch);
    const wanted = new Map<string, number>();
    for (const d of data as { id?: unknown; index?: unknown }[]) {
      if (typeof d?.id !== 'string' || !Number.isInteger(d.index))
        throw badRequest('data must be a list of { id, index }.');
      if (!current.includes(d.id)) throw badRequest(`The app '${d.id}' is not on your quick launch.`);
      wanted.set(d.id, d.index as number);
    }
    const sorted = [...current].sort(
      (a, b) => (wanted.get(a) ?? current.indexOf(a)) - (wanted.get(b) ?? current.indexOf(b)),
    );
    await savePrefs(req, { ...prefs, quicklaunch: sorted });
    return { success: true, message: 'Order saved.', data: { apps: sorted } };
  });

  app.get('/api/sys/settings/tenant', { schema: { tags: ['settings'] } }, async (req) => ({
    success: true,
    message: '',
    data: tenantSettings(req.tenant),
  }));

  app.put('/api/sys/settings/tenant', { config: { roles: MANAGERS }, schema: { tags: ['settings'] } }, async (req) => {
    const b = (req.body ?? {}) as { time_zone?: unknown; date_format?: unknown };
    const zone = b.time_zone === undefined ? req.tenant.time_zone : checkZone(b.time_zone);
    const date =
      b.date_format === undefined ? req.tenant.date_format : checkOneOf(b.date_format, DATE_FORMATS, 'The date format');
    await ctx.db.system
      .updateTable('tenants')
      .set({
        time_zone: zone,
        date_format: date,
        datetime_format: `${date ?? 'YYYY-MM-DD'} HH:mm:ss`,
        time_format: 'HH:mm:ss',
      })
      .where('id', '=', req.tenant.id)
      .execute();
    ctx.tenants.invalidate(req.tenant.domain);
    return {
      success: true,
      message: 'Settings saved.',
      data: tenantSettings({ ...req.tenant, time_zone: zone, date_format: date }),
    };
  });

  app.get('/api/sys/settings/user', { schema: { tags: ['settings'] } }, async (req) => ({
    success: true,
    message: '',
    data: userSettings(req.tenant, await prefsOf(req)),
  }));

  app.get('/api/sys/user/profile', { schema: { tags: ['profile'] } }, async (req) => {
    const u = await req.tdb.selectFrom('users').selectAll().where('id', '=', req.user.id).executeTakeFirstOrThrow();
    const prefs = safeJson(u.preferences);
    return {
      success: true,
      message: '',
      data: {
        ...userInfo(u, req.tenant.date_format),
        has_avatar: !!u.avatar,
        settings: userSettings(req.tenant, prefs),
        launch_page: (prefs.launch_page as string | undefined) ?? 'home',
        language: (prefs.language as string | undefined) ?? null,
      },
    };
  });

  // Name, e-mail and preferences (time zone, date format, launch page, language); answers the new user info.
  app.put('/api/sys/user/profile', { schema: { tags: ['profile'] } }, async (req) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const u = await req.tdb.selectFrom('users').selectAll().where('id', '=', req.user.id).executeTakeFirstOrThrow();
    const prefs = safeJson(u.preferences);
    const fullname = b.fullname === undefined ? u.fullname : String(b.fullname).trim();
    if (!fullname || fullname.length > 100) throw badRequest('Full name needs 1 to 100 characters.');
    const email = b.email === undefined ? u.email : String(b.email).trim();
    if (!EMAIL_RE.test(email) || email.length > 254) throw badRequest('Email is not valid');
    if (b.timezone !== undefined) prefs.timezone = checkZone(b.timezone);
    if (b.date_format !== undefined) prefs.date_format = checkOneOf(b.date_format, DATE_FORMATS, 'The date format');
    if (b.launch_page !== undefined) prefs.launch_page = checkOneOf(b.launch_page, LAUNCH_PAGES, 'The launch page');
    if (b.language !== undefined) prefs.language = checkOneOf(b.language, LANGUAGES, 'The language');
    const now = new Date().toISOString();
    await req.tdb
      .updateTable('users')
      .set({ fullname, email, preferences: JSON.stringify(prefs), modified_on: now })
      .where('id', '=', u.id)
      .execute();
    const fresh = await req.tdb.selectFrom('users').selectAll().where('id', '=', u.id).executeTakeFirstOrThrow();
    return { success: true, message: 'Your profile has been saved.', data: userInfo(fresh, req.tenant.date_format) };
  });

  app.post('/api/sys/user/avatar', { schema: { tags: ['profile'] } }, async (req) => {
    const dataUrl = (req.body as { image?: unknown } | undefined)?.image;
    if (dataUrl === null) {
      await req.tdb.updateTable('users').set({ avatar: null }).where('id', '=', req.user.id).execute();
      return { success: true, message: 'Picture removed.' };
    }
    const m = typeof dataUrl === 'string' ? AVATAR_RE.exec(dataUrl) : null;
    if (!m) throw badRequest('The picture must be a PNG, JPEG or WebP image.');
    if (Buffer.from(m[2] ?? '', 'base64').length > AVATAR_MAX_BYTES)
      throw badRequest('The picture may be at most 256 KB.');
    await req.tdb
      .updateTable('users')
      .set({ avatar: dataUrl as string })
      .where('id', '=', req.user.id)
      .execute();
    return { success: true, message: 'Picture saved.' };
  });

  // The avatar as an image; `<img>` cannot send headers, so the token may come as x-token.
  app.get(
    '/api/sys/User/ProfilePicture',
    { config: { queryToken: true }, schema: { tags: ['profile'] } },
    async (req, reply) => {
      const id = String((req.query as { id?: unknown }).id ?? req.user.id);
      const row = await req.tdb.selectFrom('users').select('avatar').where('id', '=', id).executeTakeFirst();
      const m = row?.avatar ? AVATAR_RE.exec(row.avatar) : null;
      if (!m) throw notFound('No picture.');
      return reply
        .header('content-type', `image/${m[1]}`)
        .header('cache-control', 'private, max-age=60')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(m[2] ?? '', 'base64'));
    },
  );
}
