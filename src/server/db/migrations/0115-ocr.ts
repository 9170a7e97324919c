import type { Kysely } from 'kysely';
import { enableTenantIsolation, type MigrationContext } from './helpers.js';

/**
 * OCR: a job per uploaded document (its pages as JSON text once read; the image bytes live in the file store under
 * `image_key`), and each provider's API token per tenant, sealed.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('ocr_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('module_id', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('image_key', 'text')
    .addColumn('pages', 'text')
    .addColumn('message', 'text')
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('finished_on', 'text')
    .execute();
  await db.schema.createIndex('ocr_jobs_user').on('ocr_jobs').columns(['tenant_id', 'user_id', 'created_on']).execute();
  await db.schema
    .createTable('ocr_tokens')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('modified_by', 'text', (c) => c.notNull())
    .addColumn('modified_on', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ocr_tokens_pk', ['tenant_id', 'provider_id'])
    .execute();
  await enableTenantIsolation(db, ctx, ['ocr_jobs', 'ocr_tokens']);
}
