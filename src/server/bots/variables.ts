import { badRequest } from '../http/errors.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { BOTS, type BotId } from './catalogue.js';
import type { BotVariables, SaveVariablesBody } from './schemas.js';
import { seal, unseal } from './seal.js';

const context = (tenantId: string, bot: BotId, name: string) => `bot_variables:${tenantId}:${bot}:${name}`;

const stored = (tdb: TenantDb, bot: BotId) =>
  tdb.selectFrom('bot_variables').select(['name', 'value']).where('bot', '=', bot).execute();

/** The variables as shown: plain ones with their value (or fallback), secret ones only as kept or not. */
export async function botVariables(tdb: TenantDb, bot: BotId): Promise<BotVariables> {
  const rows = await stored(tdb, bot);
  return {
    bot,
    variables: BOTS[bot].variables.map((v) => {
      const row = rows.find((r) => r.name === v.name);
      return {
        name: v.name,
        secret: v.secret,
        value: v.secret ? null : (row?.value ?? v.fallback ?? ''),
        hasValue: !!row,
      };
    }),
  };
}

function checked(bot: BotId, name: string, value: string): string {
  const v = BOTS[bot].variables.find((x) => x.name === name)!;
  const text = value.trim();
  if (v.url) {
    let u: URL;
    try {
      u = new URL(text);
    } catch {
      throw badRequest(`${name}: enter an http or https address`);
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw badRequest(`${name}: enter an http or https address`);
    return u.href.replace(/\/+$/, '');
  }
  return text;
}

/** Sets the given values (unknown names refused); a secret given as '' is kept, null clears any. */
export async function saveBotVariables(tdb: TenantDb, bot: BotId, b: SaveVariablesBody): Promise<BotVariables> {
  const defs = BOTS[bot].variables;
  for (const name of Object.keys(b.values))
    if (!defs.some((d) => d.name === name)) throw badRequest(`${BOTS[bot].name} has no variable '${name}'`);
  const now = new Date().toISOString();
  await tdb.transaction(async (tx) => {
    for (const [name, raw] of Object.entries(b.values)) {
      const def = defs.find((d) => d.name === name)!;
      if (raw === null || (!def.secret && !raw.trim())) {
        await tx.deleteFrom('bot_variables').where('bot', '=', bot).where('name', '=', name).execute();
        continue;
      }
      if (def.secret && !raw) continue;
      const plain = def.secret ? raw : checked(bot, name, raw);
      const value = def.secret ? seal(plain, context(tx.tenantId, bot, name)) : plain;
      await tx
        .insertInto('bot_variables', { bot, name, value, modified_on: now })
        .onConflict((oc) => oc.columns(['tenant_id', 'bot', 'name']).doUpdateSet({ value, modified_on: now }))
        .execute();
    }
  });
  return botVariables(tdb, bot);
}

/** Every variable with secrets opened, for the code that calls out (never for an answer). */
export async function openBotVariables(tdb: TenantDb, bot: BotId): Promise<Record<string, string>> {
  const rows = await stored(tdb, bot);
  const out: Record<string, string> = {};
  for (const v of BOTS[bot].variables) {
    const row = rows.find((r) => r.name === v.name);
    if (row) out[v.name] = v.secret ? unseal(row.value, context(tdb.tenantId, bot, v.name)) : row.value;
    else if (v.fallback !== undefined) out[v.name] = v.fallback;
  }
  return out;
}
