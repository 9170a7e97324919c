import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { PG_APP_ROLE, type DialectName } from './database.js';
import { migrationContext, type MigrationContext } from './migrations/helpers.js';
import { dropMigrationSamples } from './value-samples.js';
import * as m0001 from './migrations/0001-foundation.js';
import * as m0002 from './migrations/0002-identity.js';
import * as m0003 from './migrations/0003-sso.js';
import * as m0010 from './migrations/0010-apps-records.js';
import * as m0020 from './migrations/0020-engine.js';
import * as m0030 from './migrations/0030-people.js';
import * as m0040 from './migrations/0040-notifications.js';
import * as m0050 from './migrations/0050-app-lifecycle.js';
import * as m0060 from './migrations/0060-entries.js';
import * as m0061 from './migrations/0061-task-list-order.js';
import * as m0062 from './migrations/0062-list-sort-keys.js';
import * as m0070 from './migrations/0070-egress.js';
import * as m0080 from './migrations/0080-session-generation.js';
import * as m0081 from './migrations/0081-file-links.js';
import * as m0090 from './migrations/0090-key-value-lists.js';
import * as m0092 from './migrations/0092-lookup-search-keys.js';
import * as m0093 from './migrations/0093-reference-datasets.js';
import * as m0094 from './migrations/0094-security-headers.js';
import * as m0095 from './migrations/0095-label-sort-keys.js';
import * as m0096 from './migrations/0096-ref-row-search.js';
import * as m0097 from './migrations/0097-data-connectors.js';
import * as m0098 from './migrations/0098-webhooks.js';
import * as m0099 from './migrations/0099-workflow-calls.js';
import * as m0100 from './migrations/0100-run-log.js';
import * as m0101 from './migrations/0101-automations.js';
import * as m0102 from './migrations/0102-file-age.js';
import * as m0103 from './migrations/0103-automation-events.js';
import * as m0104 from './migrations/0104-connect-hub.js';
import * as m0105 from './migrations/0105-audit-trail.js';
import * as m0106 from './migrations/0106-reports.js';
import * as m0107 from './migrations/0107-dashboards.js';
import * as m0108 from './migrations/0108-menu-maintenance.js';
import * as m0110 from './migrations/0110-process-console.js';
import * as m0109 from './migrations/0109-org-units.js';
import * as m0112 from './migrations/0112-automation-steps.js';
import * as m0113 from './migrations/0113-uni-index.js';
import * as m0114 from './migrations/0114-uni.js';
import * as m0115 from './migrations/0115-ocr.js';
import * as m0116 from './migrations/0116-ocr-rules.js';
import * as m0117 from './migrations/0117-ml-models.js';
import * as m0118 from './migrations/0118-report-mailing.js';
import * as m0119 from './migrations/0119-automation-event-origin.js';
import * as m0121 from './migrations/0121-audit-keyset-indexes.js';
import * as m0124 from './migrations/0124-uni-index-words.js';
import * as m0125 from './migrations/0125-ml-targets.js';
import * as m0126 from './migrations/0126-records-modified-index.js';
import * as m0127 from './migrations/0127-uni-match-functions.js';
import * as m0128 from './migrations/0128-automation-made-records.js';
import * as m0130 from './migrations/0130-audit-lean-writes.js';
import * as m0131 from './migrations/0131-audit-filter-indexes.js';
import * as m0132 from './migrations/0132-report-day-statistics.js';
import * as m0133 from './migrations/0133-audit-insert-only-seals.js';
import * as m0134 from './migrations/0134-audit-inbox.js';
import * as m0135 from './migrations/0135-list-pair-index-keys.js';
import * as m0136 from './migrations/0136-sort-key-one-parse.js';
import * as m0137 from './migrations/0137-open-tasks-by-record.js';
import * as m0138 from './migrations/0138-sort-keys-read-large-records.js';
import * as m0139 from './migrations/0139-open-tasks-hash.js';

type Step = { up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> };

/** Ordered, append-only. A released migration is never edited; add the next number instead. */
const steps: Record<string, Step> = {
  '0001-foundation': m0001,
  '0002-identity': m0002,
  '0003-sso': m0003,
  '0010-apps-records': m0010,
  '0020-engine': m0020,
  '0030-people': m0030,
  '0040-notifications': m0040,
  '0050-app-lifecycle': m0050,
  '0060-entries': m0060,
  '0061-task-list-order': m0061,
  '0062-list-sort-keys': m0062,
  '0070-egress': m0070,
  '0080-session-generation': m0080,
  '0081-file-links': m0081,
  '0090-key-value-lists': m0090,
  '0092-lookup-search-keys': m0092,
  '0093-reference-datasets': m0093,
  '0094-security-headers': m0094,
  '0095-label-sort-keys': m0095,
  '0096-ref-row-search': m0096,
  '0097-data-connectors': m0097,
  '0098-webhooks': m0098,
  '0099-workflow-calls': m0099,
  '0100-run-log': m0100,
  '0101-automations': m0101,
  '0102-file-age': m0102,
  '0103-automation-events': m0103,
  '0104-connect-hub': m0104,
  '0105-audit-trail': m0105,
  '0106-reports': m0106,
  '0107-dashboards': m0107,
  '0108-menu-maintenance': m0108,
  '0110-process-console': m0110,
  '0109-org-units': m0109,
  '0112-automation-steps': m0112,
  '0113-uni-index': m0113,
  '0114-uni': m0114,
  '0115-ocr': m0115,
  '0116-ocr-rules': m0116,
  '0117-ml-models': m0117,
  '0118-report-mailing': m0118,
  '0119-automation-event-origin': m0119,
  '0121-audit-keyset-indexes': m0121,
  '0124-uni-index-words': m0124,
  '0125-ml-targets': m0125,
  '0126-records-modified-index': m0126,
  '0127-uni-match-functions': m0127,
  '0128-automation-made-records': m0128,
  '0130-audit-lean-writes': m0130,
  '0131-audit-filter-indexes': m0131,
  '0132-report-day-statistics': m0132,
  '0133-audit-insert-only-seals': m0133,
  '0134-audit-inbox': m0134,
  '0135-list-pair-index-keys': m0135,
  '0136-sort-key-one-parse': m0136,
  '0137-open-tasks-by-record': m0137,
  '0138-sort-keys-read-large-records': m0138,
  '0139-open-tasks-hash': m0139,
};

async function ensureAppRole(db: Kysely<unknown>): Promise<void> {
  try {
    await sql`create role ${sql.raw(PG_APP_ROLE)} nologin nosuperuser nobypassrls`.execute(db);
  } catch (err) {
    // 42710 duplicate_object, 23505 a concurrent creator won the race on the catalog
    const code = (err as { code?: string }).code;
    if (code !== '42710' && code !== '23505') throw err;
  }
  await sql`grant ${sql.raw(PG_APP_ROLE)} to current_user`.execute(db).catch(() => undefined);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work below the typed schema
export async function migrateToLatest(db: Kysely<any>, dialect: DialectName): Promise<string[]> {
  if (dialect === 'postgres') await ensureAppRole(db);
  const ctx = migrationContext(dialect);
  const migrations: Record<string, Migration> = {};
  for (const [name, step] of Object.entries(steps)) migrations[name] = { up: (d) => step.up(d, ctx) };
  // Features number their migrations in bands, so a newer release may add a lower number than one already applied.
  const migrator = new Migrator({
    db: db as Kysely<unknown>,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  if (dialect === 'sqlite' && applied.length > 0) await dropMigrationSamples(db as Kysely<unknown>);
  return applied;
}
