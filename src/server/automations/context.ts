import type { AutomationContext } from '../../../runtime/plugin-contract.js';
import { readPath } from '../../../runtime/connector-values.js';
import { newStoreOrders, rememberLastOrder, storeName } from '../bots/orders.js';
import { connectorById } from '../connectors/service.js';
import { runConnector } from '../connectors/run.js';
import { inTransaction } from '../engine/actions.js';
import { HttpError, forbidden } from '../http/errors.js';
import { authUserOf } from '../identity/user-info.js';
import { enqueue } from '../outbox/outbox.js';
import { createRecordAs, ownerWhoMayCreate } from '../records/create-as.js';
import { markMadeBy } from './origin.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AutomationRef, RunOptions } from './run.js';
import { updateRecordsAs } from './update-records.js';
import { workflowAs } from './workflow-step.js';

const TEMPLATE = /\{\{\s*([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_$-]+)*)\s*\}\}/g;

/** A text with `{{stepId.path}}` parts filled in from the run's values. */
export const filler = (vars: Record<string, unknown>) => (text: string) =>
  text.replace(TEMPLATE, (_, path: string) => {
    const v = readPath(vars, path);
    return v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  });

export interface ContextDeps {
  tdb: TenantDb;
  a: AutomationRef;
  o: RunOptions;
  runId: string;
  vars: Record<string, unknown>;
  /** Writes what the step under way has done so far into the run's log. */
  progress(output: Record<string, unknown>): Promise<void>;
  cancelled(): Promise<boolean>;
}

/** The owner as the access module sees them, while still active (rights are read at each run, not at saving). */
async function activeOwner(tdb: TenantDb, ownerId: string) {
  const u = await tdb.selectFrom('users').selectAll().where('id', '=', ownerId).executeTakeFirst();
  if (!u || u.status !== 'active') throw forbidden('The owner of this automation is no longer active.');
  return authUserOf(u, tdb.tenantId);
}

/** What the steps of one run may do, each as the automation's owner; a dry run writes nothing and calls no one. */
export function stepContext(d: ContextDeps): AutomationContext {
  const { tdb, a, o, runId } = d;
  let mails = 0;
  return {
    dryRun: !!o.dryRun,
    vars: d.vars,
    fill: filler(d.vars),
    async createRecord(moduleId, data, submit) {
      const user = await ownerWhoMayCreate(tdb, a.owner_id, moduleId, 'automation');
      if (o.dryRun) return { recordId: null, wouldCreate: data };
      const recordId = await inTransaction(tdb, async (tx) => {
        const id = await createRecordAs(tx, user, moduleId, data, submit);
        await markMadeBy(tx, id, { automations: [...(o.origin?.automations ?? []), a.id] });
        return id;
      });
      return { recordId };
    },
    async runConnector(connectorId, input) {
      const c = await connectorById(tdb, connectorId);
      if (o.dryRun) return { wouldCall: c.name, input };
      const r = await runConnector(
        tdb,
        { dcType: c.dcType, config: c.config, securityHeaderId: c.securityHeaderId },
        input,
        { allowPrivate: o.allowPrivate, log: o.log },
        { trigger: 'automation', connectorId: c.id, connectorName: c.name, step: a.name },
      );
      // As a workflow's connector step: only a 2xx answer counts, anything else fails the step.
      if (r.status < 200 || r.status >= 300)
        throw new HttpError(502, `${c.name}: the other system answered ${r.status}.`);
      return { status: r.status, outputs: r.outputs };
    },
    async sendMail(mail) {
      if (o.dryRun) return;
      // One outbox entry per address, keyed by the run: a retried delivery never sends twice.
      for (const to of mail.to)
        await enqueue(tdb, 'mail', { to, subject: mail.subject, text: mail.text }, `rpa:${runId}:${mails++}`);
    },
    async storeOrders(storeKeyId) {
      if (o.dryRun) return { orders: [], wouldFetch: await storeName(tdb, storeKeyId), remember: async () => {} };
      const r = await newStoreOrders(tdb, storeKeyId, { allowPrivate: o.allowPrivate, log: o.log });
      return { orders: r.orders, remember: (orderId) => rememberLastOrder(tdb, storeKeyId, orderId) };
    },
    async updateRecords(spec) {
      const owner = await activeOwner(tdb, a.owner_id);
      return updateRecordsAs(tdb, owner, spec, {
        dryRun: !!o.dryRun,
        progress: d.progress,
        cancelled: d.cancelled,
        // The records it writes carry this automation on top of the chain that started it: no loops.
        origin: { automations: [...(o.origin?.automations ?? []), a.id] },
      });
    },
    async workflow(action) {
      return workflowAs(tdb, await activeOwner(tdb, a.owner_id), action, !!o.dryRun);
    },
  };
}
