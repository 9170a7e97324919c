import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** After this many failures on one account, it is locked with exponential backoff. */
export const ACCOUNT_FREE_FAILURES = 5;
const ACCOUNT_BASE_LOCK_MS = 30_000;
const ACCOUNT_MAX_LOCK_MS = 15 * 60_000;
/** Failures from one address over any accounts within the window before it is refused (catches spraying). */
export const ADDRESS_MAX_FAILURES = 20;
const ADDRESS_WINDOW_MS = 10 * 60_000;

export const accountKey = (tenantId: string, username: string) => `acct:${tenantId}:${username.toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;

/**
 * Sign-in throttling kept in the database so that every node agrees. Unknown accounts are counted like known
 * ones, so the answers never reveal whether a user exists.
 */
export class Throttle {
  constructor(private readonly db: Kysely<DB>) {}

  async isAccountLocked(key: string, now = Date.now()): Promise<boolean> {
    const row = await this.db
      .selectFrom('auth_throttle')
      .select('locked_until')
      .where('key', '=', key)
      .executeTakeFirst();
    return !!row?.locked_until && Date.parse(row.locked_until) > now;
  }

  async isAddressBlocked(key: string, now = Date.now()): Promise<boolean> {
    const row = await this.db.selectFrom('auth_throttle').selectAll().where('key', '=', key).executeTakeFirst();
    if (!row) return false;
    return Date.parse(row.window_start) + ADDRESS_WINDOW_MS > now && row.failures >= ADDRESS_MAX_FAILURES;
  }

  async fail(accountK: string, addressK: string, now = Date.now()): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const key of [accountK, addressK]) {
        const row = await trx.selectFrom('auth_throttle').selectAll().where('key', '=', key).executeTakeFirst();
        const isAddress = key === addressK;
        const windowExpired = isAddress && row && Date.parse(row.window_start) + ADDRESS_WINDOW_MS <= now;
        const failures = !row || windowExpired ? 1 : row.failures + 1;
        const windowStart = !row || windowExpired ? new Date(now).toISOString() : row.window_start;
        let lockedUntil: string | null = null;
        if (!isAddress && failures >= ACCOUNT_FREE_FAILURES) {
          const ms = Math.min(ACCOUNT_BASE_LOCK_MS * 2 ** (failures - ACCOUNT_FREE_FAILURES), ACCOUNT_MAX_LOCK_MS);
          lockedUntil = new Date(now + ms).toISOString();
        }
        if (row) {
          await trx
            .updateTable('auth_throttle')
            .set({ failures, window_start: windowStart, locked_until: lockedUntil })
            .where('key', '=', key)
            .execute();
        } else {
          await trx
            .insertInto('auth_throttle')
            .values({ key, failures, window_start: windowStart, locked_until: lockedUntil })
            .onConflict((oc) =>
              oc.column('key').doUpdateSet({ failures, window_start: windowStart, locked_until: lockedUntil }),
            )
            .execute();
        }
      }
    });
  }

  async succeed(accountK: string): Promise<void> {
    await this.db.deleteFrom('auth_throttle').where('key', '=', accountK).execute();
  }
}
