import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { TenantDb } from '../../tenancy/tenant-db.js';
import { insertUserRow } from '../../tenancy/user-row.js';
import type { UserRow } from '../user-info.js';
import type { Provisioning } from './settings.js';

/** Who the identity provider says signed in. */
export interface ExternalIdentity {
  provider: 'oidc' | 'saml';
  subject: string;
  email?: string;
  username?: string;
  fullname?: string;
}

export type Resolution = { ok: true; user: UserRow } | { ok: false; reason: 'not-allowed' };

const USERNAME_MAX = 64;

async function byId(tdb: TenantDb, id: string) {
  return tdb.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

async function link(tdb: TenantDb, who: ExternalIdentity, userId: string) {
  await tdb
    .insertInto('sso_links', {
      id: crypto.randomUUID(),
      provider: who.provider,
      subject: who.subject,
      user_id: userId,
      created_on: new Date().toISOString(),
    })
    .execute();
}

/** A username derived from the identity that no one in the tenant has yet. */
async function freeUsername(tdb: TenantDb, who: ExternalIdentity): Promise<string> {
  const base =
    (who.username || who.email?.split('@')[0] || `sso-${who.subject}`)
      .replace(/[^\w.@-]/g, '')
      .slice(0, USERNAME_MAX - 5) || 'user';
  for (let i = 0; i < 20; i++) {
    const name = i === 0 ? base : `${base}-${crypto.randomInt(1000, 9999)}`;
    if (!(await tdb.selectFrom('users').select('id').where('username', '=', name).executeTakeFirst())) return name;
  }
  return `sso-${crypto.randomUUID()}`;
}

async function provision(tdb: TenantDb, who: ExternalIdentity): Promise<string> {
  const username = await freeUsername(tdb, who);
  // Signs in only through the identity provider until a password is set.
  return insertUserRow(tdb, { username, email: who.email ?? '', fullname: who.fullname || username, passwordHash: null });
}

/**
 * The tenant user for an external identity: one linked earlier, else an existing user with the same e-mail or
 * username (linked from now on), else, when the tenant provisions, a new regular user. Inactive users and
 * unknown ones under "link" get the same answer, so the page never tells which it was.
 */
export async function resolveUser(tdb: TenantDb, who: ExternalIdentity, mode: Provisioning): Promise<Resolution> {
  return tdb.transaction(async (tx) => {
    const linked = await tx
      .selectFrom('sso_links')
      .select('user_id')
      .where('provider', '=', who.provider)
      .where('subject', '=', who.subject)
      .executeTakeFirst();
    let user = linked ? await byId(tx, linked.user_id) : undefined;
    if (!user && !linked) {
      const email = who.email?.trim().toLowerCase();
      if (email)
        user = await tx
          .selectFrom('users')
          .selectAll()
          .where(sql<string>`lower(email)`, '=', email)
          .executeTakeFirst();
      if (!user && who.username)
        user = await tx.selectFrom('users').selectAll().where('username', '=', who.username).executeTakeFirst();
      if (!user && mode === 'provision') user = await byId(tx, await provision(tx, who));
      if (user) await link(tx, who, user.id);
    }
    if (!user || user.status !== 'active') return { ok: false, reason: 'not-allowed' } as const;
    return { ok: true, user } as const;
  });
}
