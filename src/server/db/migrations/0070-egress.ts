import type { Kysely } from 'kysely';

/** Outbound calls refuse private, loopback and link-local targets unless the tenant allows them (0/1). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tenants')
    .addColumn('allow_private_egress', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
