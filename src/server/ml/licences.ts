import type { Database } from '../db/database.js';
import { loadMlRegistry } from '../../../runtime/ml-registry-node.js';

/** The licences the installed machine-learning services ask for. */
export const mlLicences = async (): Promise<string[]> =>
  [...new Set((await loadMlRegistry()).map((s) => s.licence).filter((l): l is string => !!l))].sort();

/** The operator's switch (npm run tenant -- licence <domain> <licence> on|off): the tenant settings' `licences`. */
export async function setTenantLicence(db: Database, domain: string, licence: string, on: boolean): Promise<void> {
  const t = await db.system
    .selectFrom('tenants')
    .select(['id', 'settings'])
    .where('domain', '=', domain)
    .executeTakeFirst();
  if (!t) throw new Error(`No tenant with domain '${domain}'.`);
  let settings: Record<string, unknown>;
  try {
    const parsed = JSON.parse(t.settings || '{}') as unknown;
    settings =
      parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    settings = {};
  }
  const held = Array.isArray(settings.licences) ? settings.licences.filter((x) => typeof x === 'string') : [];
  const next = on ? [...new Set([...held, licence])] : held.filter((x) => x !== licence);
  await db.system
    .updateTable('tenants')
    .set({ settings: JSON.stringify({ ...settings, licences: next }) })
    .where('id', '=', t.id)
    .execute();
}
