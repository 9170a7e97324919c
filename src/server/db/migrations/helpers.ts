import { sql, type Kysely } from 'kysely';
import { PG_APP_ROLE, type DialectName } from '../database.js';

export interface MigrationContext {
  dialect: DialectName;
  /** Grants the application role plain data access to tables (PostgreSQL only; no-op on SQLite). */
  grantApp(db: Kysely<unknown>, tables: string[]): Promise<void>;
}

export function migrationContext(dialect: DialectName): MigrationContext {
  return {
    dialect,
    async grantApp(db, tables) {
      if (dialect !== 'postgres') return;
      for (const t of tables) {
        await sql`grant select, insert, update, delete on ${sql.table(t)} to ${sql.raw(PG_APP_ROLE)}`.execute(db);
      }
      await sql`grant usage, select on all sequences in schema public to ${sql.raw(PG_APP_ROLE)}`.execute(db);
    },
  };
}

/**
 * Row-level security as the backstop behind the tenant-scoped data context: the app role sees and writes only
 * rows whose tenant_id equals the connection's app.tenant_id label; an unlabelled connection sees nothing.
 */
export async function enableTenantIsolation(db: Kysely<unknown>, ctx: MigrationContext, tables: string[]) {
  await ctx.grantApp(db, tables);
  if (ctx.dialect !== 'postgres') return;
  for (const t of tables) {
    const table = sql.table(t);
    await sql`alter table ${table} enable row level security`.execute(db);
    await sql`alter table ${table} force row level security`.execute(db);
    await sql`create policy tenant_isolation on ${table}
      using (tenant_id = current_setting('app.tenant_id', true))
      with check (tenant_id = current_setting('app.tenant_id', true))`.execute(db);
  }
}

/**
 * `leakproof` where the migrating role may declare it (a superuser), else nothing: a function that never raises may
 * be leakproof, which keeps conditions on it index conditions under row-level security.
 */
export async function leakproofIfAllowed(db: Kysely<unknown>) {
  const su = await sql<{ on: string }>`select current_setting('is_superuser') as on`.execute(db);
  return su.rows[0]?.on === 'on' ? sql.raw('leakproof') : sql.raw('');
}
