import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import type { AuthUser } from '../identity/user-info.js';
import { TenantDb } from '../tenancy/tenant-db.js';
import type { TransitionRunner } from '../engine/transitions.js';
import { rowById } from './service.js';
import { runConnector } from './run.js';

const BATCH = 20;
/** Beyond a call's own time limit, how long a node may hold it before another may take it over. */
const LEASE_MARGIN_MS = 30_000;

type Call = {
  id: string;
  record_id: string;
  instance_id: string;
  activity_id: string;
  connector_id: string;
  input: string;
  attempts: number;
  max_attempts: number;
  timeout_ms: number;
};

const systemUser = (tenantId: string): AuthUser => ({
  id: 'system',
  tenantId,
  sessionId: '',
  username: 'system',
  email: '',
  fullname: 'System',
  isSysAdmin: false,
  isAdministrator: false,
  isFullUser: false,
  isConsultant: false,
});

/**
 * Makes the data connector calls of workflow steps, outside any transaction: claims due calls under a lease, runs
 * the connector (egress module, the step's time limit), and hands the answer to the engine (settleCall), which
 * writes the outputs and goes on. A failed try is retried after a growing wait until the step's tries are used up;
 * then the process faults at the step with the reason.
 */
export class ConnectorStepRunner {
  private timer?: NodeJS.Timeout;
  private stopped = true;
  private running?: Promise<number>;

  constructor(
    private readonly db: Database,
    private readonly transitions: TransitionRunner,
    private readonly log: FastifyBaseLogger,
    readonly opts: { pollMs: number; retryMs: number },
  ) {}

  start(): void {
    this.stopped = false;
    const loop = async () => {
      if (this.stopped) return;
      const n = await this.pass().catch((err: unknown) => {
        this.log.error({ err }, 'connector steps pass failed');
        return 0;
      });
      if (!this.stopped) this.timer = setTimeout(loop, n ? 0 : this.opts.pollMs);
    };
    this.timer = setTimeout(loop, this.opts.pollMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => 0);
  }

  /** Makes every call due now (tests); resolves with how many tries were made. */
  async drain(): Promise<number> {
    let total = 0;
    for (let n = await this.pass(); n; n = await this.pass()) total += n;
    return total;
  }

  private pass(): Promise<number> {
    const run = (this.running ?? Promise.resolve(0)).catch(() => 0).then(() => this.passAll());
    this.running = run;
    return run;
  }

  private async passAll(): Promise<number> {
    const tenants = await this.db.system.selectFrom('tenants').select(['id', 'allow_private_egress']).execute();
    let tried = 0;
    for (const t of tenants) {
      const tdb = new TenantDb(t.id, this.db.forTenant(t.id));
      const calls = await this.claim(tdb);
      await Promise.all(calls.map((c) => this.attempt(tdb, c, t.allow_private_egress === 1)));
      tried += calls.length;
    }
    return tried;
  }

  private async claim(tdb: TenantDb): Promise<Call[]> {
    const now = new Date();
    // A plain read first: most passes find nothing, and an empty claim transaction would still take the write lock.
    const any = await tdb
      .selectFrom('workflow_calls')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now.toISOString())
      .limit(1)
      .executeTakeFirst();
    if (!any) return [];
    return tdb.transaction(async (tx) => {
      const due = await tx
        .selectFrom('workflow_calls')
        .select([
          'id',
          'record_id',
          'instance_id',
          'activity_id',
          'connector_id',
          'input',
          'attempts',
          'max_attempts',
          'timeout_ms',
        ])
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now.toISOString())
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now.toISOString())]))
        .orderBy('next_attempt_at')
        .limit(BATCH)
        .$if(this.db.dialect === 'postgres', (q) => q.forUpdate().skipLocked())
        .execute();
      for (const c of due)
        await tx
          .updateTable('workflow_calls')
          .set({ lease_until: new Date(now.getTime() + c.timeout_ms + LEASE_MARGIN_MS).toISOString() })
          .where('id', '=', c.id)
          .execute();
      return due;
    });
  }

  private async attempt(tdb: TenantDb, c: Call, allowPrivate: boolean): Promise<void> {
    // A process that left the step meanwhile (withdrawn, restarted) no longer wants the call.
    const at = await tdb
      .selectFrom('records')
      .select(['workflow_instance_id', 'workflow_activity_id'])
      .where('id', '=', c.record_id)
      .executeTakeFirst();
    if (at?.workflow_instance_id !== c.instance_id || at.workflow_activity_id !== c.activity_id) {
      await tdb
        .updateTable('workflow_calls')
        .set({ status: 'stale', lease_until: null, finished_on: new Date().toISOString() })
        .where('id', '=', c.id)
        .where('status', '=', 'pending')
        .execute();
      return;
    }
    const connector = await rowById(tdb, c.connector_id);
    const name = connector?.name ?? c.connector_id;
    const settle = (p: { outputs?: Record<string, unknown>; error?: string }) =>
      this.transitions.run('settleCall', tdb.tenantId, systemUser(tdb.tenantId), {
        callId: c.id,
        connectorName: name,
        ...p,
      });
    if (!connector) return void (await settle({ error: 'the connector no longer exists' }));
    let error: string;
    try {
      const r = await runConnector(
        tdb,
        {
          dcType: connector.dc_type,
          config: JSON.parse(connector.config) as Record<string, unknown>,
          securityHeaderId: connector.security_header_id,
          timeoutMs: c.timeout_ms,
        },
        JSON.parse(c.input) as Record<string, unknown>,
        { allowPrivate, log: this.log },
        { trigger: 'step', connectorId: connector.id, connectorName: name, recordId: c.record_id, step: c.activity_id },
      );
      if (r.status >= 200 && r.status < 300) return void (await settle({ outputs: r.outputs }));
      error = `the other system answered ${r.status}`;
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    const attempts = c.attempts + 1;
    if (attempts >= c.max_attempts) return void (await settle({ error }));
    const wait = this.opts.retryMs * 2 ** (attempts - 1);
    await tdb
      .updateTable('workflow_calls')
      .set({
        attempts,
        last_error: error.slice(0, 500),
        lease_until: null,
        next_attempt_at: new Date(Date.now() + wait).toISOString(),
      })
      .where('id', '=', c.id)
      .execute();
  }
}
