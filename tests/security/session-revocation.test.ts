import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_URL, redisReachable, requiredOnCi } from '../support/redis.js';
import { liveSessionUser } from '../../src/server/identity/service-session.js';
import { bumpSessionGeneration } from '../../src/server/identity/sessions.js';
import { useOffice } from '../support/office.js';
import { bearer, signIn, tokenFor } from '../support/auth.js';
import { scratchDatabase, testDialects, type ScratchDatabase } from '../support/databases.js';
import { startServer, type RunningServer } from '../support/server.js';

/**
 * Hardening: an access token lives 15 minutes, but it must stop working the moment its session ends (logout, a
 * refresh-token family revoked for reuse), its user is deactivated, or its user's roles change. The guard checks
 * this on every guarded route, from memory that each of these events invalidates (on every node).
 */
const PW = 'Correct-Horse-9';
const A = 'acme.localhost';
const INFO = '/api/identity/manageauthenticator/userinfo';
const USERS = '/api/people/users';
const CREATE_APP = '/api/form/Editor/CreateProcessFromScratch';
const UPLOAD = '/api/form/AWSS3/UploadBase64';
const SUBMIT = '/api/EntryModule/submit';

describe.each(await testDialects())('access tokens end with their session on %s', (dialect) => {
  const members = [
    ...['lou', 'dee', 'rae', 'uno'].map((username) => ({ username, isFullUser: true })),
    ...['ada', 'ivy'].map((username) => ({ username, isAdministrator: true, isFullUser: true })),
  ];
  const o = useOffice(dialect, members, { signIn: ['admin'] });
  const { id: ids } = o;
  let admin: string;

  beforeAll(async () => {
    admin = o.tok.admin!;
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    o.t.app.inject({ method, url, headers: bearer(token, A), ...(payload ? { payload } : {}) });
  /** Submit, upload, list users, create an app: each answers 401 before it looks at anything else. */
  const guarded = (token: string) =>
    Promise.all([
      call('POST', SUBMIT, token, { moduleId: 'no-such-app', data: {} }),
      call('POST', UPLOAD, token, { fileName: 'note.txt', base64: Buffer.from('hello').toString('base64') }),
      call('GET', USERS, token),
      call('POST', CREATE_APP, token, { name: 'Should not exist' }),
    ]);
  /** The session is in use (and remembered by the guard) before it ends. */
  async function inUse(token: string) {
    for (let i = 0; i < 2; i++) expect((await call('GET', INFO, token)).statusCode).toBe(200);
  }
  async function expectRefused(token: string) {
    for (const res of await guarded(token)) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toEqual({ success: false, message: 'Your session has ended. Please sign in again.' });
    }
    expect((await call('GET', INFO, token)).statusCode).toBe(401);
  }
  /** Someone else's session is untouched. */
  async function othersStillWork() {
    const uno = await tokenFor(o.t.app, A, 'uno', PW);
    await inUse(uno);
    expect((await call('POST', CREATE_APP, uno, { name: `Unaffected ${Date.now()}` })).statusCode).toBe(200);
    const upload = await call('POST', UPLOAD, uno, {
      fileName: 'ok.txt',
      base64: Buffer.from('ok').toString('base64'),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect((await call('GET', USERS, admin)).statusCode).toBe(200);
  }

  it('refuses the access token at once after logout', async () => {
    const s = (await signIn(o.t.app, A, 'lou', PW)).body.data;
    await inUse(s.token);
    expect(await liveSessionUser(o.tdb, o.t.ctx.keys, s.token)).toBe(ids.lou);
    const out = await call('POST', '/api/identity/Authentication/logout', s.token, { jwt: s.refreshToken });
    expect(out.json()).toEqual({ success: true, message: 'Signed out' });
    await expectRefused(s.token);
    // Callers that take a token themselves (the hub's handshake) see the same.
    expect(await liveSessionUser(o.tdb, o.t.ctx.keys, s.token)).toBeNull();
    await othersStillWork();
  });

  it('refuses the access token at once after an administrator deactivates the user', async () => {
    const token = await tokenFor(o.t.app, A, 'dee', PW);
    await inUse(token);
    const off = await call('POST', `${USERS}/${ids.dee}/deactivate`, admin, {});
    expect(off.statusCode, off.body).toBe(200);
    await expectRefused(token);
    await othersStillWork();
  });

  it('takes a demotion from administrator into account at once', async () => {
    const token = await tokenFor(o.t.app, A, 'ada', PW);
    expect((await call('GET', USERS, token)).statusCode).toBe(200);
    expect((await call('GET', USERS, token)).statusCode).toBe(200);
    const demoted = await call('PUT', `${USERS}/${ids.ada}`, admin, { isAdministrator: false });
    expect(demoted.statusCode, demoted.body).toBe(200);
    // New roles end the user's sessions, so the old token is refused outright.
    const res = await call('GET', USERS, token);
    expect([401, 403]).toContain(res.statusCode);
    expect(res.json().success).toBe(false);
    await othersStillWork();
  });

  it('authorizes with the current roles, not those the token was signed with', async () => {
    // A change of roles that leaves the session alive (e.g. made by another tool): the guard still sees it.
    const token = await tokenFor(o.t.app, A, 'ivy', PW);
    expect((await call('GET', USERS, token)).statusCode).toBe(200);
    await o.tdb.updateTable('users').set({ is_administrator: 0 }).where('id', '=', ids.ivy!).execute();
    await bumpSessionGeneration(o.tdb, ids.ivy!);
    const res = await call('GET', USERS, token);
    expect(res.statusCode).toBe(403);
    expect(res.json().success).toBe(false);
    expect((await call('GET', INFO, token)).statusCode).toBe(200);
    // And promotion too: the same token gains the role back.
    await o.tdb.updateTable('users').set({ is_administrator: 1 }).where('id', '=', ids.ivy!).execute();
    await bumpSessionGeneration(o.tdb, ids.ivy!);
    expect((await call('GET', USERS, token)).statusCode).toBe(200);
  });

  it('refuses every access token of a refresh-token family revoked for reuse', async () => {
    const first = (await signIn(o.t.app, A, 'rae', PW)).body.data;
    const refresh = (jwt: string) =>
      o.t.app.inject({
        method: 'POST',
        url: '/api/identity/Authentication/refreshToken',
        headers: { host: A },
        payload: { jwt },
      });
    const second = (await refresh(first.refreshToken)).json().data;
    await inUse(first.token);
    await inUse(second.jwt);
    // The first refresh token comes back: it leaked, and the whole family ends.
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
    await expectRefused(first.token);
    await expectRefused(second.jwt);
    await othersStillWork();
  });
});

const runCluster = requiredOnCi(
  (await testDialects()).includes('postgres') && (await redisReachable()),
  'The cross-node revocation test',
);

// Two server processes on one PostgreSQL and one Redis: the user's session is remembered on node B, and the
// administrator deactivates the user on node A.
describe.runIf(runCluster)('access tokens end on every node', () => {
  let scratch: ScratchDatabase;
  const nodes: RunningServer[] = [];
  beforeAll(async () => {
    scratch = await scratchDatabase('postgres');
    const env = { DATABASE_URL: scratch.databaseUrl!, REDIS_URL, DATA_DIR: scratch.dataDir };
    nodes.push(await startServer(env));
    nodes.push(await startServer({ ...env, OUTBOX_WORKER: 'off' }));
  }, 120_000);
  afterAll(async () => {
    for (const n of nodes) await n.stop();
    await scratch?.drop();
  });

  const signInAt = async (node: RunningServer, username: string, password: string) => {
    const res = await fetch(`${node.url}/api/identity/Authentication/authenticateiso`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(JSON.stringify({ username, password })),
    });
    return (await res.json()).data as { token: string; userId: string };
  };
  const status = async (node: RunningServer, token: string) =>
    (await fetch(`${node.url}${INFO}`, { headers: { authorization: `Bearer ${token}` } })).status;

  it('refuses on node B, within a second, a token whose user node A deactivated', async () => {
    const [nodeA, nodeB] = nodes as [RunningServer, RunningServer];
    const admin = await signInAt(nodeA, 'admin', 'Admin-Pass-123');
    const user = await signInAt(nodeB, 'user', 'User-Pass-123');
    expect(await status(nodeB, user.token)).toBe(200);
    expect(await status(nodeB, user.token)).toBe(200);
    const off = await fetch(`${nodeA.url}${USERS}/${user.userId}/deactivate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(off.status).toBe(200);
    const deadline = Date.now() + 1000;
    let last = 0;
    while (Date.now() < deadline && (last = await status(nodeB, user.token)) !== 401)
      await new Promise((r) => setTimeout(r, 20));
    expect(last).toBe(401);
    // The administrator's own session on node B is untouched.
    expect(await status(nodeB, admin.token)).toBe(200);
  });
});
