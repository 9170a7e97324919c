import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { loadAutomationRegistry } from '../../../runtime/automation-registry-node.js';
import { compileSchema } from '../../../runtime/ajv.js';
import { nameRuleProblems } from '../../../runtime/text-rules.js';
import { assertModuleAccess } from '../access/index.js';
import type { DB } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import type { AuthUser } from '../identity/user-info.js';
import { liveModule } from '../records/queries.js';
import { loadVersion } from '../records/store.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type {
  Automation,
  ExecutedBody,
  ListBody,
  Run,
  SaveAutomationBody,
  Step,
  Trigger,
  UpdateAutomationBody,
} from './schemas.js';
import { checkTrigger, nextDue } from './timing.js';
import { audit } from '../audit/trail.js';
import { recordChanges } from '../audit/diff.js';

type Row = DB['automations'];
type RunRow = DB['automation_runs'];

export const view = (r: Row): Automation => ({
  id: r.id,
  name: r.name,
  description: r.description,
  active: r.active === 1,
  trigger: JSON.parse(r.trigger) as Trigger,
  steps: JSON.parse(r.steps) as Step[],
  misfire: r.misfire,
  notifyAfter: Number(r.notify_after),
  failuresInRow: Number(r.failures_in_row),
  ownerId: r.owner_id,
  nextRunOn: r.next_run_on,
  lastRunOn: r.last_run_on,
  lastStatus: r.last_status,
  version: Number(r.version),
  created_on: r.created_on,
  modified_on: r.modified_on,
});

export const runView = (r: RunRow, name: string): Run => ({
  id: r.id,
  automationId: r.automation_id,
  automationName: name,
  trigger: r.trigger,
  slot: r.slot,
  status: r.status,
  steps: JSON.parse(r.steps) as Run['steps'],
  error: r.error,
  startedOn: r.started_on,
  durationMs: r.duration_ms === null ? null : Number(r.duration_ms),
});

export async function automationRow(tdb: TenantDb, id: string): Promise<Row> {
  const r = await tdb.selectFrom('automations').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) throw notFound('Automation not found');
  return r;
}

/**
 * Steps that can run: known plugin types, unique ids, settings valid against the plugin's schema, and what they name
 * there and open to the owner (an app the owner may create records of, a connector that exists).
 */
export async function checkedSteps(tdb: TenantDb, owner: AuthUser, steps: Step[]): Promise<Step[]> {
  const { manifests } = await loadAutomationRegistry();
  const seen = new Set<string>();
  const out: Step[] = [];
  for (const [i, s] of steps.entries()) {
    const where = `Step ${i + 1} (${s.id})`;
    if (seen.has(s.id)) throw badRequest(`${where}: another step has the same id`);
    seen.add(s.id);
    const m = manifests[s.type];
    if (!m) throw badRequest(`${where}: '${s.type}' is not a kind of step`);
    const config = { ...(m.defaultConfig as Record<string, unknown>), ...s.config };
    const valid = compileSchema(m.configSchema);
    if (!valid(config)) {
      const e = valid.errors?.[0];
      throw badRequest(`${where}: ${(e?.instancePath || '/').slice(1) || 'settings'} ${e?.message ?? 'are not valid'}`);
    }
    if (typeof config.moduleId === 'string')
      await assertModuleAccess(tdb, owner, config.moduleId, m.moduleAccess ?? 'create');
    if (typeof config.connectorId === 'string') {
      const c = await tdb
        .selectFrom('data_connectors')
        .select('id')
        .where('id', '=', config.connectorId)
        .executeTakeFirst();
      if (!c) throw badRequest(`${where}: the data connector chosen no longer exists`);
    }
    out.push({ id: s.id, type: s.type, config });
  }
  return out;
}

function checkedName(raw: string) {
  const name = raw.trim();
  if (!name) throw badRequest('Name is required');
  const problem = nameRuleProblems(raw, 64)[0];
  if (problem) throw badRequest(`Name: ${problem}`);
  return name;
}

/** The lease row the poller reads: the automation's due time across tenants (none when inactive or by hand). */
export async function setDue(system: Kysely<DB>, tenantId: string, id: string, due: string | null) {
  await system
    .insertInto('automation_leases')
    .values({ automation_id: id, tenant_id: tenantId, due_on: due, lease_owner: null, lease_until: null })
    .onConflict((oc) => oc.column('automation_id').doUpdateSet({ due_on: due }))
    .execute();
}

/** A trigger that can work: a valid timetable, or the events of an app its owner may open. */
async function checkedTrigger(tdb: TenantDb, owner: AuthUser, t: Trigger) {
  checkTrigger(t);
  if (t.kind !== 'record') return;
  await assertModuleAccess(tdb, owner, t.moduleId, 'view');
  if (!t.fields?.length) return;
  if (!t.events.includes('record.updated')) throw badRequest('Trigger: fields narrow only the record updated event');
  const mod = await liveModule(tdb, t.moduleId);
  const v = mod?.published_version ? await loadVersion(tdb, mod.id, mod.published_version) : undefined;
  const unknown = t.fields.filter((f) => !v?.compiled.fields[f]);
  if (unknown.length) throw badRequest(`Trigger: ${unknown.map((f) => `'${f}'`).join(', ')} is not a field of the app`);
}

/**
 * Makes an automation due now, whether or not a node holds it: a run under way sees the change when it releases
 * (scheduler.ts keeps a due time changed during its lease), so a record event that arrives mid-run is never lost.
 */
export async function wake(system: Kysely<DB>, tenantId: string, id: string, now = new Date()) {
  const at = now.toISOString();
  await system
    .insertInto('automation_leases')
    .values({ automation_id: id, tenant_id: tenantId, due_on: at, lease_owner: null, lease_until: null })
    .onConflict((oc) => oc.column('automation_id').doUpdateSet({ due_on: at }))
    .execute();
}

/** Creates an automation owned by its creator, whose rights its steps run with. */
export async function createAutomation(
  tdb: TenantDb,
  system: Kysely<DB>,
  user: AuthUser,
  b: SaveAutomationBody,
  now = new Date(),
): Promise<Automation> {
  const name = checkedName(b.name);
  await checkedTrigger(tdb, user, b.trigger);
  const steps = await checkedSteps(tdb, user, b.steps);
  const id = crypto.randomUUID();
  const next = b.active ? nextDue(b.trigger, now) : null;
  await tdb.transaction(async (tx) => {
    const clash = await tx.selectFrom('automations').select('id').where('name', '=', name).executeTakeFirst();
    if (clash) throw badRequest(`An automation named '${name}' already exists`);
    const at = now.toISOString();
    await tx
      .insertInto('automations', {
        id,
        name,
        description: b.description?.trim() ?? '',
        active: b.active ? 1 : 0,
        trigger: JSON.stringify(b.trigger),
        steps: JSON.stringify(steps),
        misfire: b.misfire ?? 'once',
        notify_after: b.notifyAfter ?? 3,
        failures_in_row: 0,
        owner_id: user.id,
        next_run_on: next,
        last_run_on: null,
        last_status: null,
        version: 1,
        created_on: at,
        modified_on: at,
      })
      .execute();
    await audit(tx, {
      action: 'automation.create',
      actorId: user.id,
      targetType: 'automation',
      targetId: id,
      targetLabel: name,
      details: { changes: recordChanges(undefined, {}, { name, active: b.active, trigger: b.trigger, steps }) },
    });
  });
  await setDue(system, tdb.tenantId, id, next);
  return view(await automationRow(tdb, id));
}

/**
 * Changes an automation at the version read. Its next run is kept while the timetable stays the same (an edit never
 * loses or adds a run); a new timetable, or switching it on, counts from now.
 */
export async function updateAutomation(
  tdb: TenantDb,
  system: Kysely<DB>,
  user: AuthUser,
  b: UpdateAutomationBody,
  now = new Date(),
): Promise<Automation> {
  const current = await automationRow(tdb, b.id);
  const name = checkedName(b.name);
  await checkedTrigger(tdb, user, b.trigger);
  const steps = await checkedSteps(tdb, user, b.steps);
  const sameTimetable = current.trigger === JSON.stringify(b.trigger) && current.active === 1;
  const next = !b.active ? null : sameTimetable && current.next_run_on ? current.next_run_on : nextDue(b.trigger, now);
  await tdb.transaction(async (tx) => {
    const clash = await tx.selectFrom('automations').select('id').where('name', '=', name).executeTakeFirst();
    if (clash && clash.id !== b.id) throw badRequest(`An automation named '${name}' already exists`);
    const r = await tx
      .updateTable('automations')
      .set({
        name,
        description: b.description?.trim() ?? '',
        active: b.active ? 1 : 0,
        trigger: JSON.stringify(b.trigger),
        steps: JSON.stringify(steps),
        misfire: b.misfire ?? current.misfire,
        notify_after: b.notifyAfter ?? Number(current.notify_after),
        ...(b.active && !current.active ? { failures_in_row: 0 } : {}),
        next_run_on: next,
        version: b.version + 1,
        modified_on: now.toISOString(),
      })
      .where('id', '=', b.id)
      .where('version', '=', b.version)
      .executeTakeFirst();
    if (!Number(r.numUpdatedRows))
      throw conflict('This automation was changed by someone else just now. Reload to see it.');
    await audit(tx, {
      action: 'automation.update',
      actorId: user.id,
      targetType: 'automation',
      targetId: b.id,
      targetLabel: name,
      details: {
        changes: recordChanges(
          undefined,
          {
            name: current.name,
            active: !!current.active,
            trigger: JSON.parse(current.trigger),
            steps: JSON.parse(current.steps),
          },
          { name, active: b.active, trigger: b.trigger, steps },
        ),
      },
    });
  });
  if (next !== current.next_run_on || !b.active) await setDue(system, tdb.tenantId, b.id, next);
  return view(await automationRow(tdb, b.id));
}

export async function deleteAutomation(tdb: TenantDb, system: Kysely<DB>, id: string) {
  await automationRow(tdb, id);
  await tdb.transaction(async (tx) => {
    await tx.deleteFrom('automation_runs').where('automation_id', '=', id).execute();
    await tx.deleteFrom('automations').where('id', '=', id).execute();
    await audit(tx, { action: 'automation.delete', targetType: 'automation', targetId: id });
  });
  await system
    .deleteFrom('automation_leases')
    .where('automation_id', '=', id)
    .where('tenant_id', '=', tdb.tenantId)
    .execute();
  await system
    .deleteFrom('automation_waits')
    .where('automation_id', '=', id)
    .where('tenant_id', '=', tdb.tenantId)
    .execute();
  return { id };
}

/** The automations by name, a page at a time; a search matches the name and the description. */
export async function listAutomations(tdb: TenantDb, b: ListBody) {
  const search = (typeof b.search === 'string' ? b.search : (b.search?.value ?? '')).trim().toLowerCase();
  const rows = (await tdb.selectFrom('automations').selectAll().limit(5000).execute())
    .filter((r) => !search || `${r.name}\n${r.description}`.toLowerCase().includes(search))
    .sort((a, c) => a.name.localeCompare(c.name, 'en', { sensitivity: 'base' }));
  const length = Math.min(b.length ?? 50, 100);
  const page = b.page ?? 1;
  return {
    data: rows.slice((page - 1) * length, page * length).map(view),
    recordsTotal: rows.length,
    recordsFiltered: rows.length,
    page,
    length,
  };
}

/** The execution log: runs newest first, of one automation or all, optionally by status. */
export async function executedRuns(tdb: TenantDb, b: ExecutedBody) {
  const length = b.length ?? 25;
  const page = b.page ?? 1;
  let q = tdb.selectFrom('automation_runs');
  if (b.automationId) q = q.where('automation_id', '=', b.automationId);
  if (b.status) q = q.where('status', '=', b.status);
  const [rows, total, names] = await Promise.all([
    q
      .selectAll()
      .orderBy('started_on', 'desc')
      .orderBy('id', 'desc')
      .limit(length)
      .offset((page - 1) * length)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    tdb.selectFrom('automations').select(['id', 'name']).execute(),
  ]);
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  return {
    data: rows.map((r) => runView(r, nameOf.get(r.automation_id) ?? '')),
    recordsTotal: Number(total.n),
    recordsFiltered: Number(total.n),
    page,
    length,
  };
}

/** Runs per day over the last `days` days (UTC), with success rate and duration, for one automation or all. */
export async function dashboard(tdb: TenantDb, q: { id?: string; days?: number }, now = new Date()) {
  const days = q.days ?? 30;
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days + 1));
  let sel = tdb
    .selectFrom('automation_runs')
    .select(['started_on', 'status', 'duration_ms'])
    .where('started_on', '>=', from.toISOString())
    .where('status', 'not in', ['Running', 'Waiting']);
  if (q.id) sel = sel.where('automation_id', '=', q.id);
  const rows = await sel.execute();
  const byDay = new Map<string, { runs: number; succeeded: number; failed: number; ms: number }>();
  for (let i = 0; i < days; i++)
    byDay.set(new Date(from.getTime() + i * 86_400_000).toISOString().slice(0, 10), {
      runs: 0,
      succeeded: 0,
      failed: 0,
      ms: 0,
    });
  for (const r of rows) {
    const d = byDay.get(r.started_on.slice(0, 10));
    if (!d) continue;
    d.runs++;
    if (r.status === 'Failed') d.failed++;
    else d.succeeded++;
    d.ms += Number(r.duration_ms ?? 0);
  }
  const list = [...byDay].map(([day, d]) => ({
    day,
    runs: d.runs,
    succeeded: d.succeeded,
    failed: d.failed,
    avgMs: d.runs ? Math.round(d.ms / d.runs) : null,
  }));
  const runs = rows.length;
  const ok = list.reduce((n, d) => n + d.succeeded, 0);
  const ms = rows.reduce((n, r) => n + Number(r.duration_ms ?? 0), 0);
  return {
    days: list,
    runs,
    successRate: runs ? Math.round((ok / runs) * 1000) / 10 : null,
    avgMs: runs ? Math.round(ms / runs) : null,
  };
}
