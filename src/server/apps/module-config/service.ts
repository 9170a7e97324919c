import { badRequest, notFound } from '../../http/errors.js';
import type { AuthUser } from '../../identity/user-info.js';
import type { TenantDb } from '../../tenancy/tenant-db.js';
import { assertModuleAccess } from '../../access/index.js';
import { EMAIL_EVENTS, type ModuleDefinition } from '../../../../schemas/module-definition.js';
import { SYSTEM_FIELDS } from '../../../../runtime/system-fields.js';
import { parseJson } from '../definitions.js';
import type { EmailTemplates, ModuleConfig, TemplateField, UpdateEmailTemplateBody } from './schemas.js';
import * as q from './queries.js';

/** List column configuration per user and for everyone, the reassignment switch, e-mail templates. */
const MAX_CONFIG = 100_000;
const PLACEHOLDER = /\{\{?\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}?\}/g;
/** Placeholders every template may use besides the app's fields. */
const MAIL_PLACEHOLDERS: TemplateField[] = [
  { name: 'app_name', label: 'App name' },
  { name: 'record_link', label: 'Record link' },
  { name: 'task_link', label: 'Task link' },
  { name: 'assignee_name', label: 'Assignee name' },
  { name: 'actor_name', label: 'Acted by' },
  { name: 'step', label: 'Process step' },
  { name: 'comment', label: 'Comment' },
];

async function moduleOr404(tdb: TenantDb, id: string) {
  const m = await q.liveModule(tdb, id);
  if (!m) throw notFound('App not found');
  return m;
}

function templateFields(def: ModuleDefinition): TemplateField[] {
  const fields = (def.fieldGroups ?? []).flatMap((g) =>
    (g.rows ?? []).flatMap((r) => (r.fields ?? []).map((f) => ({ name: f.name, label: f.label || f.name }))),
  );
  return [...fields, ...SYSTEM_FIELDS.map((f) => ({ name: f.name, label: f.label })), ...MAIL_PLACEHOLDERS];
}

/** A stored configuration: a JSON object or list, bounded. */
function configText(v: unknown): string {
  if (v === undefined || v === null || typeof v !== 'object')
    throw badRequest('The configuration must be a JSON object or list.');
  const s = JSON.stringify(v);
  if (s.length > MAX_CONFIG) throw badRequest('The configuration is too large.');
  return s;
}

const byTab = (rows: { tab: string; config: string }[]) =>
  Object.fromEntries(rows.map((r) => [r.tab, JSON.parse(r.config) as unknown]));

export async function readModuleConfig(tdb: TenantDb, user: AuthUser, moduleId: string): Promise<ModuleConfig> {
  await assertModuleAccess(tdb, user, moduleId, 'view');
  const m = await moduleOr404(tdb, moduleId);
  return {
    moduleId,
    defaultConfig: parseJson<Record<string, unknown>>(m.default_config),
    userConfig: byTab(await q.userConfigs(tdb, moduleId, user.id)),
    is_reassignment_disabled: !!m.is_reassignment_disabled,
  };
}

export async function saveUserConfig(tdb: TenantDb, user: AuthUser, moduleId: string, tab: string, config: unknown) {
  await assertModuleAccess(tdb, user, moduleId, 'view');
  const text = configText(config);
  await tdb.transaction((tx) => q.replaceUserConfig(tx, moduleId, user.id, tab, text));
  return { moduleId, tab };
}

/** Makes a configuration everyone's default and drops personal ones: the given one, or else the caller's own. */
export async function applyConfigToAll(
  tdb: TenantDb,
  user: AuthUser,
  moduleId: string,
  given: Record<string, unknown>,
) {
  await moduleOr404(tdb, moduleId);
  return tdb.transaction(async (tx) => {
    let config: Record<string, unknown>;
    if (Object.keys(given).length) config = JSON.parse(configText(given)) as Record<string, unknown>;
    else {
      const mine = await q.userConfigs(tx, moduleId, user.id);
      if (!mine.length) throw badRequest('Save your own list settings first.');
      config = byTab(mine);
    }
    await q.updateModule(tx, moduleId, user.id, { default_config: JSON.stringify(config) });
    await q.deleteUserConfigs(tx, moduleId);
    return { moduleId, defaultConfig: config };
  });
}

export async function setReassignment(tdb: TenantDb, user: AuthUser, moduleId: string, disabled: boolean | undefined) {
  if (disabled === undefined) throw badRequest('isReassignmentDisabled is required.');
  await moduleOr404(tdb, moduleId);
  await q.updateModule(tdb, moduleId, user.id, { is_reassignment_disabled: disabled ? 1 : 0 });
  return { moduleId, isReassignmentDisabled: disabled };
}

export async function emailTemplateFields(tdb: TenantDb, moduleId: string): Promise<TemplateField[]> {
  const m = await moduleOr404(tdb, moduleId);
  return templateFields(parseJson<ModuleDefinition>(m.module_draft));
}

/** Saves one event's template or several; placeholders must name the app's fields or the common ones. */
export async function saveEmailTemplates(
  tdb: TenantDb,
  user: AuthUser,
  moduleId: string,
  b: UpdateEmailTemplateBody,
): Promise<EmailTemplates> {
  const m = await moduleOr404(tdb, moduleId);
  const incoming: NonNullable<UpdateEmailTemplateBody['templates']> =
    b.templates ?? (b.event !== undefined ? { [b.event]: { subject: b.subject, body: b.body } } : {});
  if (!Object.keys(incoming).length) throw badRequest('Give an event with a subject and body, or templates.');
  const known = new Set(templateFields(parseJson<ModuleDefinition>(m.module_draft)).map((f) => f.name));
  const current = parseJson<EmailTemplates>(m.email_templates);
  for (const [event, { subject, body }] of Object.entries(incoming)) {
    if (!(EMAIL_EVENTS as readonly string[]).includes(event))
      throw badRequest(`Unknown e-mail event '${event}'. Events: ${EMAIL_EVENTS.join(', ')}.`);
    if (subject === undefined || !subject.trim()) throw badRequest(`The ${event} e-mail needs a subject.`);
    if (subject.length > 300) throw badRequest(`The ${event} e-mail subject cannot exceed 300 characters.`);
    if (body === undefined) throw badRequest(`The ${event} e-mail needs a body.`);
    if (body.length > 20000) throw badRequest(`The ${event} e-mail body cannot exceed 20000 characters.`);
    for (const match of `${subject} ${body}`.matchAll(PLACEHOLDER)) {
      if (!known.has(match[1]!)) throw badRequest(`The ${event} e-mail uses the unknown placeholder '${match[1]}'.`);
    }
    current[event] = { subject, body };
  }
  await q.updateModule(tdb, moduleId, user.id, { email_templates: JSON.stringify(current) });
  return current;
}
