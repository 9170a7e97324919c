import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { badRequest, notFound } from '../http/errors.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { EMAIL_EVENTS, type ModuleDefinition } from '../../../schemas/module-definition.js';
import { SYSTEM_FIELDS } from '../../../runtime/system-fields.js';
import { DESIGNERS, EDITOR as E, queryParam } from './module-row.js';
import { assertModuleAccess } from '../access/index.js';
import { parseJson } from './definitions.js';

const MAX_CONFIG = 100_000;
const PLACEHOLDER = /\{\{?\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}?\}/g;
/** Placeholders every template may use besides the app's fields. */
const MAIL_PLACEHOLDERS = [
  { name: 'app_name', label: 'App name' },
  { name: 'record_link', label: 'Record link' },
  { name: 'task_link', label: 'Task link' },
  { name: 'assignee_name', label: 'Assignee name' },
  { name: 'actor_name', label: 'Acted by' },
  { name: 'step', label: 'Process step' },
  { name: 'comment', label: 'Comment' },
];

async function moduleOr404(tdb: TenantDb, id: string) {
  const m = await tdb
    .selectFrom('modules')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_on', 'is', null)
    .executeTakeFirst();
  if (!m) throw notFound('App not found');
  return m;
}

function templateFields(def: ModuleDefinition) {
  const fields = def.fieldGroups.flatMap((g) =>
    g.rows.flatMap((r) => r.fields.map((f) => ({ name: f.name, label: f.label || f.name }))),
  );
  return [...fields, ...SYSTEM_FIELDS.map((f) => ({ name: f.name, label: f.label })), ...MAIL_PLACEHOLDERS];
}

function jsonConfig(v: unknown): string {
  if (v === undefined || v === null || typeof v !== 'object')
    throw badRequest('The configuration must be a JSON object or list.');
  const s = JSON.stringify(v);
  if (s.length > MAX_CONFIG) throw badRequest('The configuration is too large.');
  return s;
}

/** List column configuration per user and for everyone, reassignment switch, e-mail templates. */
export async function moduleConfigRoutes(app: FastifyInstance, _ctx: AppContext) {
  const design = { config: { roles: DESIGNERS } };

  app.get(`${E}/getmoduleconfig`, async (req) => {
    const moduleId = queryParam(req.query, 'moduleId');
    await assertModuleAccess(req.tdb, req.user, moduleId, 'view');
    const m = await moduleOr404(req.tdb, moduleId);
    const mine = await req.tdb
      .selectFrom('module_user_configs')
      .select(['tab', 'config'])
      .where('module_id', '=', moduleId)
      .where('user_id', '=', req.user.id)
      .execute();
    return {
      success: true,
      message: '',
      data: {
        moduleId,
        defaultConfig: parseJson<Record<string, unknown>>(m.default_config),
        userConfig: Object.fromEntries(mine.map((r) => [r.tab, JSON.parse(r.config) as unknown])),
        is_reassignment_disabled: !!m.is_reassignment_disabled,
      },
    };
  });

  app.put(`${E}/setuserconfig`, async (req) => {
    const moduleId = queryParam(req.query, 'moduleId');
    const tab = queryParam(req.query, 'tabConfig') || 'default';
    if (tab.length > 64) throw badRequest('tabConfig is too long.');
    await assertModuleAccess(req.tdb, req.user, moduleId, 'view');
    const config = jsonConfig(req.body);
    const now = new Date().toISOString();
    await req.tdb.transaction(async (tx) => {
      await tx
        .deleteFrom('module_user_configs')
        .where('module_id', '=', moduleId)
        .where('user_id', '=', req.user.id)
        .where('tab', '=', tab)
        .execute();
      await tx
        .insertInto('module_user_configs', { module_id: moduleId, user_id: req.user.id, tab, config, modified_on: now })
        .execute();
    });
    return { success: true, message: 'Your list settings have been saved.', data: { moduleId, tab } };
  });

  // Makes a configuration everyone's default and drops personal ones: the body, or else the caller's own.
  app.post(`${E}/applyconfigalluser`, design, async (req) => {
    const moduleId = queryParam(req.query, 'moduleId');
    await moduleOr404(req.tdb, moduleId);
    const body = req.body as Record<string, unknown> | undefined;
    return req.tdb.transaction(async (tx) => {
      let config: Record<string, unknown>;
      if (body && typeof body === 'object' && Object.keys(body).length)
        config = JSON.parse(jsonConfig(body)) as Record<string, unknown>;
      else {
        const mine = await tx
          .selectFrom('module_user_configs')
          .select(['tab', 'config'])
          .where('module_id', '=', moduleId)
          .where('user_id', '=', req.user.id)
          .execute();
        if (!mine.length) throw badRequest('Save your own list settings first.');
        config = Object.fromEntries(mine.map((r) => [r.tab, JSON.parse(r.config) as unknown]));
      }
      await tx
        .updateTable('modules')
        .set({
          default_config: JSON.stringify(config),
          modified_by: req.user.id,
          modified_on: new Date().toISOString(),
        })
        .where('id', '=', moduleId)
        .execute();
      await tx.deleteFrom('module_user_configs').where('module_id', '=', moduleId).execute();
      return {
        success: true,
        message: 'The list settings now apply to every user.',
        data: { moduleId, defaultConfig: config },
      };
    });
  });

  app.post(`${E}/setmodulereassignment`, design, async (req) => {
    const moduleId = queryParam(req.query, 'moduleId');
    const raw =
      (req.query as Record<string, unknown>).isReassignmentDisabled ??
      (req.body as Record<string, unknown> | undefined)?.isReassignmentDisabled;
    if (raw === undefined) throw badRequest('isReassignmentDisabled is required.');
    const disabled = raw === true || raw === 'true' || raw === '1';
    await moduleOr404(req.tdb, moduleId);
    await req.tdb
      .updateTable('modules')
      .set({
        is_reassignment_disabled: disabled ? 1 : 0,
        modified_by: req.user.id,
        modified_on: new Date().toISOString(),
      })
      .where('id', '=', moduleId)
      .execute();
    return { success: true, message: 'Saved', data: { moduleId, isReassignmentDisabled: disabled } };
  });

  app.get(`${E}/getEmailTemplateFields`, design, async (req) => {
    const m = await moduleOr404(req.tdb, queryParam(req.query, 'moduleId'));
    return { success: true, message: '', data: templateFields(parseJson<ModuleDefinition>(m.module_draft)) };
  });

  app.post(`${E}/updateEmailTemplate`, design, async (req) => {
    const b = (req.body ?? {}) as {
      moduleId?: unknown;
      event?: unknown;
      subject?: unknown;
      body?: unknown;
      templates?: unknown;
    };
    const moduleId = typeof b.moduleId === 'string' ? b.moduleId : queryParam(req.query, 'moduleId');
    const m = await moduleOr404(req.tdb, moduleId);
    const incoming: Record<string, unknown> =
      b.templates && typeof b.templates === 'object'
        ? (b.templates as Record<string, unknown>)
        : b.event !== undefined
          ? { [String(b.event)]: { subject: b.subject, body: b.body } }
          : {};
    if (!Object.keys(incoming).length) throw badRequest('Give an event with a subject and body, or templates.');
    const known = new Set(templateFields(parseJson<ModuleDefinition>(m.module_draft)).map((f) => f.name));
    const current = parseJson<Record<string, { subject: string; body: string }>>(m.email_templates);
    for (const [event, t] of Object.entries(incoming)) {
      if (!(EMAIL_EVENTS as readonly string[]).includes(event))
        throw badRequest(`Unknown e-mail event '${event}'. Events: ${EMAIL_EVENTS.join(', ')}.`);
      const { subject, body } = (t ?? {}) as { subject?: unknown; body?: unknown };
      if (typeof subject !== 'string' || !subject.trim()) throw badRequest(`The ${event} e-mail needs a subject.`);
      if (subject.length > 300) throw badRequest(`The ${event} e-mail subject cannot exceed 300 characters.`);
      if (typeof body !== 'string') throw badRequest(`The ${event} e-mail needs a body.`);
      if (body.length > 20000) throw badRequest(`The ${event} e-mail body cannot exceed 20000 characters.`);
      for (const match of `${subject} ${body}`.matchAll(PLACEHOLDER)) {
        if (!known.has(match[1]!)) throw badRequest(`The ${event} e-mail uses the unknown placeholder '${match[1]}'.`);
      }
      current[event] = { subject, body };
    }
    await req.tdb
      .updateTable('modules')
      .set({
        email_templates: JSON.stringify(current),
        modified_by: req.user.id,
        modified_on: new Date().toISOString(),
      })
      .where('id', '=', moduleId)
      .execute();
    return { success: true, message: 'The e-mail template has been saved.', data: current };
  });
}
