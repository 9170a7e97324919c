import type { Kysely } from 'kysely';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

/**
 * OCR mapping rules: one row per app with its rules as JSON text (edited in the form designer), and the hints users'
 * corrections leave, one row per field, label (compared by `label_key`, its letters and digits in lower case) and
 * direction, counting how many corrections confirmed it.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('ocr_rules')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('module_id', 'text', (c) => c.notNull())
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('modified_by', 'text', (c) => c.notNull())
    .addColumn('modified_on', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ocr_rules_pk', ['tenant_id', 'module_id'])
    .execute();
  await db.schema
    .createTable('ocr_hints')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('module_id', 'text', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('label_key', 'text', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('uses', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('last_used_on', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ocr_hints_pk', ['tenant_id', 'module_id', 'field', 'label_key', 'direction'])
    .execute();
  await enableTenantIsolation(db, ctx, ['ocr_rules', 'ocr_hints']);
}
