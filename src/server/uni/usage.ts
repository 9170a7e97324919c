import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { GenAiUsage } from './schemas.js';

const today = (d = new Date()) => d.toISOString().slice(0, 10);

export interface PromptUsage {
  promptTokens: number;
  completionTokens: number;
  ms: number;
  failed: boolean;
}

/** Counts one prompt on the user's row of today (UTC). */
export async function countPrompt(tdb: TenantDb, user: AuthUser, u: PromptUsage): Promise<void> {
  const v = {
    calls: 1,
    errors: u.failed ? 1 : 0,
    prompt_tokens: Math.max(0, Math.round(u.promptTokens)),
    completion_tokens: Math.max(0, Math.round(u.completionTokens)),
    total_ms: Math.max(0, Math.round(u.ms)),
  };
  await tdb
    .insertInto('uni_usage', { user_id: user.id, day: today(), ...v })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'user_id', 'day']).doUpdateSet((eb) => ({
        calls: eb('uni_usage.calls', '+', 1),
        errors: eb('uni_usage.errors', '+', v.errors),
        prompt_tokens: eb('uni_usage.prompt_tokens', '+', v.prompt_tokens),
        completion_tokens: eb('uni_usage.completion_tokens', '+', v.completion_tokens),
        total_ms: eb('uni_usage.total_ms', '+', v.total_ms),
      })),
    )
    .execute();
}

/** About four characters a token: used when the endpoint reports no usage. */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/** genaiusage: figures per day (every day of the period) and per user, with the total. */
export async function genAiUsage(tdb: TenantDb, days = 30): Promise<GenAiUsage> {
  const end = new Date();
  const start = new Date(end.getTime() - (days - 1) * 86_400_000);
  const rows = await tdb
    .selectFrom('uni_usage')
    .leftJoin('users', (j) =>
      j.onRef('users.id', '=', 'uni_usage.user_id').onRef('users.tenant_id', '=', 'uni_usage.tenant_id'),
    )
    .select([
      'uni_usage.user_id',
      'uni_usage.day',
      'uni_usage.calls',
      'uni_usage.errors',
      'uni_usage.prompt_tokens',
      'uni_usage.completion_tokens',
      'users.username',
      'users.fullname',
    ])
    .where('uni_usage.day', '>=', today(start))
    .execute();
  const zero = () => ({ calls: 0, errors: 0, promptTokens: 0, completionTokens: 0 });
  type F = ReturnType<typeof zero>;
  const add = (f: F, r: (typeof rows)[number]) => {
    f.calls += Number(r.calls);
    f.errors += Number(r.errors);
    f.promptTokens += Number(r.prompt_tokens);
    f.completionTokens += Number(r.completion_tokens);
  };
  const byDay = new Map<string, F>();
  for (let i = 0; i < days; i++) byDay.set(today(new Date(start.getTime() + i * 86_400_000)), zero());
  const byUser = new Map<string, F & { userId: string; username: string; fullname: string }>();
  const total = zero();
  for (const r of rows) {
    const d = byDay.get(r.day);
    if (d) add(d, r);
    let u = byUser.get(r.user_id);
    if (!u)
      byUser.set(
        r.user_id,
        (u = { userId: r.user_id, username: r.username ?? '', fullname: r.fullname ?? '', ...zero() }),
      );
    add(u, r);
    add(total, r);
  }
  return {
    from: today(start),
    to: today(end),
    days: [...byDay].map(([day, f]) => ({ day, ...f })),
    users: [...byUser.values()].sort((a, b) => b.calls - a.calls || a.username.localeCompare(b.username)),
    total,
  };
}

/** Rows for the connect hub's usage/datatables: one per user and day, newest first. */
export interface AssistantUsageRow {
  day: string;
  user: string;
  calls: number;
  errors: number;
  total_ms: number;
  tokens: number;
}

export async function assistantUsageCount(tdb: TenantDb): Promise<number> {
  const r = await tdb
    .selectFrom('uni_usage')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** The first `limit` rows in the datatable's order (day newest first, then user name). */
export async function assistantUsageRows(tdb: TenantDb, limit: number): Promise<AssistantUsageRow[]> {
  const rows = await tdb
    .selectFrom('uni_usage')
    .leftJoin('users', (j) =>
      j.onRef('users.id', '=', 'uni_usage.user_id').onRef('users.tenant_id', '=', 'uni_usage.tenant_id'),
    )
    .select([
      'uni_usage.day',
      'users.username',
      'uni_usage.user_id',
      'uni_usage.calls',
      'uni_usage.errors',
      'uni_usage.total_ms',
      'uni_usage.prompt_tokens',
      'uni_usage.completion_tokens',
    ])
    .orderBy('uni_usage.day', 'desc')
    .orderBy('users.username')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    day: r.day,
    user: r.username ?? r.user_id,
    calls: Number(r.calls),
    errors: Number(r.errors),
    total_ms: Number(r.total_ms),
    tokens: Number(r.prompt_tokens) + Number(r.completion_tokens),
  }));
}
