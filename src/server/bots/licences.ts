import type { Database } from '../db/database.js';
import { TenantDb } from '../tenancy/tenant-db.js';
import { forbidden } from '../http/errors.js';
import { BOTS, type BotId } from './catalogue.js';

/** The bots this tenant holds a licence for. */
export async function licensedBots(tdb: TenantDb): Promise<Set<BotId>> {
  const rows = await tdb.selectFrom('bot_licences').select('bot').execute();
  return new Set(rows.map((r) => r.bot as BotId));
}

export const licenceMessage = (bot: BotId) => `You need to add ${BOTS[bot].name} Bot licence`;

/** Refuses a call that uses a bot the tenant has no licence for (or that is not available at all). */
export async function requireLicence(tdb: TenantDb, bot: BotId): Promise<void> {
  const row = await tdb.selectFrom('bot_licences').select('bot').where('bot', '=', bot).executeTakeFirst();
  if (!row || !BOTS[bot].available) throw forbidden(licenceMessage(bot));
}

/** The operator's switch (npm run tenant -- licence <domain> <bot> on|off). */
export async function setBotLicence(db: Database, domain: string, bot: BotId, on: boolean): Promise<void> {
  const tenant = await db.system.selectFrom('tenants').select('id').where('domain', '=', domain).executeTakeFirst();
  if (!tenant) throw new Error(`No tenant with domain '${domain}'.`);
  const tdb = new TenantDb(tenant.id, db.forTenant(tenant.id));
  if (!on) {
    await tdb.deleteFrom('bot_licences').where('bot', '=', bot).execute();
    return;
  }
  await tdb
    .insertInto('bot_licences', { bot, modified_on: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['tenant_id', 'bot']).doNothing())
    .execute();
}
