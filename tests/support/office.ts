import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { DialectName } from '../../src/server/db/database.js';
import { hashPassword } from '../../src/server/identity/passwords.js';
import type { NewUser } from '../../src/server/tenancy/admin.js';
import { insertUserRow } from '../../src/server/tenancy/user-row.js';
import { TenantDb } from '../../src/server/tenancy/tenant-db.js';
import type { ModuleDefinition } from '../../schemas/module-definition.js';
import { startTestApp, type TestApp } from './app.js';
import { bearer, tokenFor } from './auth.js';

/** The password every user of a test office has. */
export const PW = 'Correct-Horse-9';
export const ACME = 'acme.localhost';
export const BRAVO = 'bravo.localhost';

// Every member has the same password: hash it once per test file (argon2 costs about 65 ms a hash).
let pwHash: Promise<string> | undefined;

/** A user of acme: a username (full name the same), or the username with a full name and role flags. */
export type Member =
  string | ({ username: string; fullname?: string } & Partial<Omit<NewUser, 'username' | 'password'>>);

export interface Office {
  t: TestApp;
  /** The acme tenant's database. */
  tdb: TenantDb;
  /** User ids by username, the administrator's included. */
  id: Record<string, string>;
  /** Access tokens by username; bravo's administrator is 'bravo'. */
  tok: Record<string, string>;
  /** The access tokens of the named users, in order. */
  tokensOf<N extends string[]>(...names: N): { [K in keyof N]: string };
  post(who: string, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  get(who: string, url: string): Promise<LightMyRequestResponse>;
}

export interface OfficeOptions {
  env?: Record<string, string>;
  /** Adds a second tenant, bravo, whose administrator signs in as 'bravo'. */
  bravo?: boolean;
  /** Who signs in at the start; the administrator and every member unless given. */
  signIn?: string[];
}

/** A test app with the tenant acme, its administrator and the given members, each signed in. */
export async function startOffice(dialect: DialectName, members: Member[], opts: OfficeOptions = {}): Promise<Office> {
  const t = await startTestApp(dialect, opts.env ?? {});
  const { tenantId } = await t.addTenant('acme', PW);
  if (opts.bravo) await t.addTenant('bravo', PW);
  const tdb = new TenantDb(tenantId, t.db.forTenant(tenantId));
  const id: Record<string, string> = {};
  for (const m of members) {
    const { username, fullname, ...flags } = typeof m === 'string' ? { username: m } : m;
    id[username] = await insertUserRow(tdb, {
      username,
      email: `${username}@acme.test`,
      fullname: fullname ?? username,
      passwordHash: await (pwHash ??= hashPassword(PW)),
      ...flags,
    });
  }
  id.admin = (await tdb.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  const tok: Record<string, string> = {};
  for (const u of opts.signIn ?? ['admin', ...Object.keys(id).filter((u) => u !== 'admin')])
    tok[u] = await tokenFor(t.app, ACME, u, PW);
  if (opts.bravo) tok.bravo = await tokenFor(t.app, BRAVO, 'admin', PW);
  const headers = (who: string) => bearer(tok[who]!, who === 'bravo' ? BRAVO : ACME);
  return {
    t,
    tdb,
    id,
    tok,
    tokensOf: <N extends string[]>(...names: N) => names.map((u) => tok[u]!) as { [K in keyof N]: string },
    post: (who, url, payload = {}) =>
      t.app.inject({ method: 'POST', url, headers: headers(who), payload: payload as object }),
    get: (who, url) => t.app.inject({ url, headers: headers(who) }),
  };
}

/** Lets acme's outbound calls reach private addresses (the local test servers), or not, at once. */
export async function allowPrivateEgress(o: Office, on: boolean): Promise<void> {
  await o.t.db.system
    .updateTable('tenants')
    .set({ allow_private_egress: on ? 1 : 0 })
    .where('domain', '=', 'acme')
    .execute();
  o.t.ctx.tenants.invalidate('acme');
}

/** Creates an app as the administrator, saves its form (and workflow) and publishes it; answers its id. */
export async function publishApp(
  o: Office,
  name: string,
  module: ModuleDefinition,
  workflow?: object,
): Promise<string> {
  const created = await o.post('admin', '/api/form/Editor/CreateProcessFromScratch', { name });
  expect(created.json(), created.body).toMatchObject({ success: true });
  const moduleId = created.json().data.id as string;
  const saved = await o.post('admin', `/api/form/Editor/SaveForm?id=${moduleId}`, {
    module,
    ...(workflow ? { workflow } : {}),
  });
  expect(saved.json(), saved.body).toMatchObject({ success: true });
  const published = await o.post('admin', `/api/form/Editor/publish?id=${moduleId}`);
  expect(published.json(), published.body).toMatchObject({ success: true });
  return moduleId;
}

/**
 * Inside a describe: the office started before its tests and closed after them. The handle's `id` and `tok` are
 * filled in place, so they may be destructured at once; `t` and `tdb` are there once the tests run.
 */
export function useOffice(dialect: DialectName, members: Member[], opts: OfficeOptions = {}): Office {
  const o: Office = {
    t: undefined as unknown as TestApp,
    tdb: undefined as unknown as TenantDb,
    id: {},
    tok: {},
    tokensOf: (...names) => names.map((u) => o.tok[u]!) as never,
    post: (who, url, payload) => started!.post(who, url, payload),
    get: (who, url) => started!.get(who, url),
  };
  let started: Office | undefined;
  beforeAll(async () => {
    started = await startOffice(dialect, members, opts);
    o.t = started.t;
    o.tdb = started.tdb;
    Object.assign(o.id, started.id);
    Object.assign(o.tok, started.tok);
  });
  afterAll(() => o.t?.close());
  return o;
}
