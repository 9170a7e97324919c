import type { Kysely } from 'kysely';

/**
 * A number per user that moves whenever one of the user's sessions ends or the user's standing changes (logout,
 * revoked refresh-token family, deactivation, new roles or password). Nodes cache who may use an access token and
 * keep only what they read at or after the generation a revocation announced (identity/session-gate.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('session_generation', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Ending all of a user's sessions finds them by user.
  await db.schema.createIndex('refresh_user').on('refresh_tokens').columns(['tenant_id', 'user_id']).execute();
}
