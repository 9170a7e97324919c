import { resultsReusable } from '../db/change-count.js';
import { onNote, onNotesReset, publishNote } from '../db/change-feed.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { sessionStanding } from './queries.js';
import type { RoleFlags } from './schemas.js';
import { roleString, rolesFromString } from './user-info.js';

export const SESSIONS_TOPIC = 'sessions';
/** A session confirmed in the database is trusted from memory this long (a backstop for changes made outside). */
const MAX_AGE_MS = 30_000;
/** How long an announced generation is remembered: far longer than the transaction that announced it. */
const FLOOR_MS = 5 * 60_000;
const MAX_USERS = 50_000;

/** What this node knows about one user: read at `gen`, with these roles, and these sessions alive (when checked). */
interface Standing {
  gen: number;
  roles: string;
  flags: RoleFlags;
  families: Map<string, number>;
}

const keyOf = (tenantId: string, userId: string) => `${tenantId}\n${userId}`;

/**
 * Tells every node that a user's sessions changed (a family ended, or the user's status, roles or password did):
 * `generation` is the user's session generation after the change, which the announcing transaction wrote. Called
 * before that transaction commits, so nodes drop what they know and keep only what they read at that generation
 * or later, which is after the commit.
 */
export function announceSessionChange(tenantId: string, userId: string, generation: number): void {
  publishNote(SESSIONS_TOPIC, JSON.stringify([tenantId, userId, generation]));
}

/**
 * Decides whether an access token may still be used (user active, refresh-token family alive) and with which roles
 * (the current ones, never those frozen into the token). A decision read from the database is kept in memory, so
 * a session's next requests cost no query; announcements (in process, and from other nodes over the change feed)
 * drop it. While notes from other nodes might be missed (the feed is down) nothing is kept.
 */
export class SessionGate {
  private readonly known = new Map<string, Standing>();
  private readonly floors = new Map<string, { gen: number; until: number }>();
  private readonly unsubscribe: (() => void)[];

  constructor() {
    this.unsubscribe = [onNote(SESSIONS_TOPIC, (m) => this.heard(m)), onNotesReset(() => this.known.clear())];
  }

  close(): void {
    for (const stop of this.unsubscribe) stop();
    this.known.clear();
  }

  /** The roles of a session known to be good, without waiting; undefined when the database must be asked. */
  cached(tenantId: string, userId: string, familyId: string, now = Date.now()): RoleFlags | undefined {
    const s = this.known.get(keyOf(tenantId, userId));
    if (!s) return undefined;
    const at = s.families.get(familyId);
    return at !== undefined && now - at < MAX_AGE_MS && resultsReusable() ? s.flags : undefined;
  }

  /** Asks the database; the roles of a good session, null for one that ended (refusals are not kept). */
  async lookUp(tdb: TenantDb, userId: string, familyId: string): Promise<RoleFlags | null> {
    const row = await sessionStanding(tdb, userId, familyId);
    if (!row || row.status !== 'active' || !Number(row.live)) return null;
    const roles = roleString(row);
    const key = keyOf(tdb.tenantId, userId);
    const gen = Number(row.session_generation);
    // Compared after the read: an announcement heard meanwhile raised the floor, and this read may predate it.
    if (gen < this.floor(key) || !resultsReusable()) return rolesFromString(roles);
    let s = this.known.get(key);
    if (s && s.gen > gen) return rolesFromString(roles);
    if (!s || s.gen < gen || s.roles !== roles) {
      if (!s && this.known.size >= MAX_USERS) this.known.delete(this.known.keys().next().value!);
      s = { gen, roles, flags: rolesFromString(roles), families: new Map() };
      this.known.set(key, s);
    }
    s.families.set(familyId, Date.now());
    return s.flags;
  }

  private floor(key: string): number {
    const f = this.floors.get(key);
    if (!f) return -1;
    if (f.until > Date.now()) return f.gen;
    this.floors.delete(key);
    return -1;
  }

  private heard(message: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch {
      return;
    }
    if (!Array.isArray(parsed) || parsed.length !== 3) return;
    const [tenantId, userId, gen] = parsed as [unknown, unknown, unknown];
    if (typeof tenantId !== 'string' || typeof userId !== 'string' || typeof gen !== 'number') return;
    const key = keyOf(tenantId, userId);
    this.known.delete(key);
    const now = Date.now();
    if (this.floors.size >= MAX_USERS) for (const [k, f] of this.floors) if (f.until <= now) this.floors.delete(k);
    this.floors.set(key, { gen: Math.max(gen, this.floor(key)), until: now + FLOOR_MS });
  }
}
