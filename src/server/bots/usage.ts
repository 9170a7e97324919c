import type { TenantDb } from '../tenancy/tenant-db.js';
import type { BotId } from './catalogue.js';
import type { Dashboard, UsageListBody, UsageRow } from './schemas.js';
import { assistantUsageCount, assistantUsageRows } from '../uni/usage.js';

const today = (d = new Date()) => d.toISOString().slice(0, 10);

/** Counts one call of a bot on today's row (UTC): one more call, maybe one more error, and its time. */
export async function countCall(tdb: TenantDb, bot: BotId, ms: number, failed: boolean): Promise<void> {
  const errors = failed ? 1 : 0;
  const total = Math.max(0, Math.round(ms));
  await tdb
    .insertInto('bot_usage', { bot, day: today(), calls: 1, errors, total_ms: total })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'bot', 'day']).doUpdateSet((eb) => ({
        calls: eb('bot_usage.calls', '+', 1),
        errors: eb('bot_usage.errors', '+', errors),
        total_ms: eb('bot_usage.total_ms', '+', total),
      })),
    )
    .execute();
}

/** Runs a bot's outbound work and counts it, failed or not. */
export async function counted<T>(tdb: TenantDb, bot: BotId, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    const out = await work();
    await countCall(tdb, bot, performance.now() - started, false);
    return out;
  } catch (err) {
    await countCall(tdb, bot, performance.now() - started, true);
    throw err;
  }
}

type Row = { bot: string; day: string; calls: number; errors: number; total_ms: number };
const view = (r: Row): UsageRow => ({
  bot: r.bot,
  day: r.day,
  calls: Number(r.calls),
  errors: Number(r.errors),
  averageMs: Number(r.calls) ? Math.round(Number(r.total_ms) / Number(r.calls)) : 0,
});

/**
 * usage/datatables: a row per bot and day, and the assistant's (bot `uni`) per user and day with its tokens, newest
 * first. Both lists are read up to the page's end in the same order and merged.
 */
export async function usagePage(tdb: TenantDb, b: UsageListBody) {
  const length = b.length ?? 50;
  const page = b.page ?? 1;
  const upTo = page * length;
  const bots = b.bot !== 'uni';
  const assistant = !b.bot || b.bot === 'uni';
  let q = tdb.selectFrom('bot_usage');
  if (b.bot && b.bot !== 'uni') q = q.where('bot', '=', b.bot);
  const botTotal = bots
    ? Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0)
    : 0;
  const rows = bots
    ? await q
        .select(['bot', 'day', 'calls', 'errors', 'total_ms'])
        .orderBy('day', 'desc')
        .orderBy('bot')
        .limit(upTo)
        .execute()
    : [];
  const uniTotal = assistant ? await assistantUsageCount(tdb) : 0;
  const uniRows = assistant ? await assistantUsageRows(tdb, upTo) : [];
  const merged: UsageRow[] = [
    ...rows.map(view),
    ...uniRows.map((r) => ({ ...view({ ...r, bot: 'uni' }), user: r.user, tokens: r.tokens })),
  ].sort((x, y) => (x.day === y.day ? (x.bot === y.bot ? 0 : x.bot < y.bot ? -1 : 1) : x.day < y.day ? 1 : -1));
  const total = botTotal + uniTotal;
  return {
    data: merged.slice((page - 1) * length, upTo),
    recordsTotal: total,
    recordsFiltered: total,
    page,
    length,
  };
}

/** A bot's traffic over the last `days` days, each day present (zeros where nothing was called). */
export async function dashboard(tdb: TenantDb, bot: BotId, days = 30): Promise<Dashboard> {
  const end = new Date();
  const start = new Date(end.getTime() - (days - 1) * 86_400_000);
  const rows = await tdb
    .selectFrom('bot_usage')
    .select(['bot', 'day', 'calls', 'errors', 'total_ms'])
    .where('bot', '=', bot)
    .where('day', '>=', today(start))
    .execute();
  const out: Dashboard['days'] = [];
  let calls = 0;
  let errors = 0;
  let ms = 0;
  for (let i = 0; i < days; i++) {
    const day = today(new Date(start.getTime() + i * 86_400_000));
    const r = rows.find((x) => x.day === day);
    const v = r ? view(r) : { calls: 0, errors: 0, averageMs: 0 };
    out.push({ day, calls: v.calls, errors: v.errors, averageMs: v.averageMs });
    calls += v.calls;
    errors += v.errors;
    ms += r ? Number(r.total_ms) : 0;
  }
  return { bot, days: out, calls, errors, averageMs: calls ? Math.round(ms / calls) : 0 };
}
