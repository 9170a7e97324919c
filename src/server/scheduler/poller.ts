import crypto from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';

/**
 * The shell every lease-taking worker shares (record schedules, automations, report mailings): a node name for
 * its leases, a timer, and passes that never overlap, so a slow pass delays the next instead of racing it.
 */
export abstract class LeasePoller {
  readonly node = `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(
    protected readonly db: Database,
    protected readonly log: FastifyBaseLogger,
    /** Names the worker in the log line of a failed pass. */
    private readonly label: string,
  ) {}

  start(intervalMs: number): void {
    this.timer = setInterval(
      () => void this.tick().catch((err: unknown) => this.log.error({ err }, `${this.label} tick failed`)),
      intervalMs,
    );
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One pass at `now`, after any pass still running; answers how many runs this node made. */
  tick(now = new Date()): Promise<number> {
    const p = (this.running ?? Promise.resolve(0)).catch(() => 0).then(() => this.pass(now));
    this.running = p;
    return p;
  }

  protected abstract pass(now: Date): Promise<number>;
}
