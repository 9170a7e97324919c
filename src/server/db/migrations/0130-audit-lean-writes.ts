import { sql, type Kysely } from 'kysely';

/**
 * Fewer index writes per audit entry (one on every approval's path): the (tenant, id) index served no query, and the
 * chain's unique (tenant, seal_seq) index now holds sealed entries only, so an unsealed insert skips it (NULLs never
 * clashed there anyway). Sealing and verifying ask for `seal_seq is not null`, which this index answers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index audit_events_tenant`.execute(db);
  await sql`drop index audit_events_chain`.execute(db);
  await sql`create unique index audit_events_chain on audit_events (tenant_id, seal_seq) where seal_seq is not null`.execute(
    db,
  );
}
