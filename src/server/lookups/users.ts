import { sql, type SqlBool } from 'kysely';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { badRequest } from '../http/errors.js';

/** A position in the user list: after the user with this name and id. */
interface UserCursor {
  n: string;
  i: string;
}

const encode = (c: UserCursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decode(s: string | null | undefined): UserCursor | undefined {
  if (!s) return undefined;
  try {
    const c = JSON.parse(Buffer.from(s, 'base64url').toString()) as UserCursor;
    if (typeof c.n === 'string' && typeof c.i === 'string') return c;
  } catch {
    /* fall through */
  }
  throw badRequest('The cursor does not belong to this list; start from the first page.');
}

const like = (s: string) => s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/** Active users of the tenant, or of one team. */
function activeUsers(tdb: TenantDb, teamId?: string) {
  let q = tdb.selectFrom('users').where('users.status', '=', 'active');
  if (teamId)
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('team_members')
          .select(sql`1`.as('one'))
          .whereRef('team_members.user_id', '=', 'users.id')
          .where('team_members.team_id', '=', teamId)
          .where('team_members.tenant_id', '=', tdb.tenantId),
      ),
    );
  return q;
}

/**
 * UserLookup: active users whose name (any word of it), username or email starts with the typed text, by name,
 * paged by keyset. Names and emails are what colleagues see of each other everywhere else in the product.
 */
export async function searchUsers(
  tdb: TenantDb,
  q: { search: string; cursor?: string | null; length: number; teamId?: string },
) {
  let b = activeUsers(tdb, q.teamId).select(['users.id', 'users.fullname', 'users.username', 'users.email']);
  if (q.search) {
    const p = like(q.search);
    b = b.where(
      sql<SqlBool>`(lower(users.fullname) like ${`${p}%`} escape '\\' or lower(users.fullname) like ${`% ${p}%`} escape '\\' or lower(users.username) like ${`${p}%`} escape '\\' or lower(users.email) like ${`${p}%`} escape '\\')`,
    );
  }
  const after = decode(q.cursor);
  if (after)
    b = b.where((eb) =>
      eb.or([
        eb('users.fullname', '>', after.n),
        eb.and([eb('users.fullname', '=', after.n), eb('users.id', '>', after.i)]),
      ]),
    );
  const rows = await b
    .orderBy('users.fullname')
    .orderBy('users.id')
    .limit(q.length + 1)
    .execute();
  const page = rows.slice(0, q.length);
  const last = page[page.length - 1];
  return {
    items: page.map((u) => ({ id: u.id, label: u.fullname || u.username, values: { email: u.email } })),
    nextCursor: rows.length > q.length && last ? encode({ n: last.fullname, i: last.id }) : null,
  };
}

/** Of `ids`, the active users (of the team, when named), with the names they are shown by. */
export async function usersByIds(tdb: TenantDb, ids: string[], teamId?: string): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await activeUsers(tdb, teamId)
    .select(['users.id', 'users.fullname', 'users.username'])
    .where('users.id', 'in', ids.slice(0, 500))
    .execute();
  return new Map(rows.map((u) => [u.id, u.fullname || u.username]));
}
