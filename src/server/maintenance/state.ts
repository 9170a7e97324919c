import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

export const DEFAULT_MAINTENANCE_MESSAGE = 'The system is down for maintenance. Please try again later.';
export const INSTALLATION_KEY = 'maintenance';

export interface MaintenanceFlag {
  on: boolean;
  message: string;
}

const OFF: MaintenanceFlag = { on: false, message: '' };

export async function readInstallationFlag(db: Kysely<DB>): Promise<MaintenanceFlag> {
  const row = await db
    .selectFrom('system_settings')
    .select('value')
    .where('key', '=', INSTALLATION_KEY)
    .executeTakeFirst();
  if (!row) return OFF;
  try {
    const v = JSON.parse(row.value) as Partial<MaintenanceFlag>;
    return { on: v.on === true, message: typeof v.message === 'string' ? v.message : '' };
  } catch {
    return OFF;
  }
}

export async function writeInstallationFlag(db: Kysely<DB>, flag: MaintenanceFlag): Promise<void> {
  const row = { key: INSTALLATION_KEY, value: JSON.stringify(flag), modified_on: new Date().toISOString() };
  await db
    .insertInto('system_settings')
    .values(row)
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value, modified_on: row.modified_on }))
    .execute();
}

/**
 * The installation-wide maintenance flag held in memory, like the tenant cache: reading it costs a clock read; when
 * older than the refresh interval, a re-read starts in the background and the request goes on with the last value
 * (a change made elsewhere, e.g. by the CLI, shows within about 5 s).
 */
export class InstallationMaintenance {
  private flag: MaintenanceFlag = OFF;
  private at = 0;
  private loading: Promise<void> | undefined;
  constructor(
    private readonly db: Kysely<DB>,
    private readonly ttlMs = 5_000,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  current(now = Date.now()): MaintenanceFlag {
    if (now - this.at >= this.ttlMs && !this.loading) void this.refresh();
    return this.flag;
  }

  refresh(): Promise<void> {
    this.loading ??= readInstallationFlag(this.db).then(
      (flag) => {
        this.flag = flag;
        this.at = Date.now();
        this.loading = undefined;
      },
      (err) => {
        this.at = Date.now(); // try again after the interval, not on every request
        this.loading = undefined;
        this.onError(err);
      },
    );
    return this.loading;
  }

  /** Sets the value this node uses at once (after this node wrote it). */
  set(flag: MaintenanceFlag) {
    this.flag = flag;
    this.at = Date.now();
  }
}

/** The flag that applies to a tenant row: the installation's wins, then the tenant's own. */
export function effectiveFlag(
  installation: MaintenanceFlag,
  tenant: { maintenance: number; maintenance_message: string | null } | undefined,
): MaintenanceFlag {
  if (installation.on) return { on: true, message: installation.message || DEFAULT_MAINTENANCE_MESSAGE };
  if (tenant?.maintenance) return { on: true, message: tenant.maintenance_message || DEFAULT_MAINTENANCE_MESSAGE };
  return OFF;
}
