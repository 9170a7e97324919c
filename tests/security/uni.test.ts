import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../src/server/identity/user-info.js';
import { issueKey, KEY_TTL_MS } from '../../src/server/uni/key.js';
import { testDialects } from '../support/databases.js';
import { startOpenAiServer, sseEvents } from '../support/openai-server.js';
import { ACME, BRAVO, allowPrivateEgress, publishApp, useOffice } from '../support/office.js';
import { expenseClaim } from '../api/engine-fixture.js';

const B = '/api/bot';
const API_KEY = 'sk-sec-uni-0b7d';
const SECRET = 'Zanzibarquokka';

describe.each(await testDialects())('Uni attacks on %s', (dialect) => {
  const o = useOffice(dialect, ['dee', 'eve'], { bravo: true });
  let llm: Awaited<ReturnType<typeof startOpenAiServer>>;
  let deeThread: string;
  const call = (who: string, method: 'GET' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    o.t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${o.tok[who]}`, host: who === 'bravo' ? BRAVO : ACME },
      ...(payload ? { payload } : {}),
    });
  const ask = async (who: string, message: string, threadId?: string) =>
    o.t.app.inject({
      method: 'POST',
      url: `${B}/prompt`,
      headers: { authorization: `Bearer ${o.tok[who]}`, host: who === 'bravo' ? BRAVO : ACME },
      payload: { message, ...(threadId ? { threadId } : {}) },
    });

  beforeAll(async () => {
    llm = await startOpenAiServer({ apiKey: API_KEY, reply: () => 'Answer.' });
    const res = await ask('dee', 'How do I create an app?');
    deeThread = sseEvents(res.body)[0]!.data.threadId;
  });
  afterAll(() => llm?.close());

  it('refuses another user’s thread: read, rename, delete, continue', async () => {
    expect((await call('eve', 'GET', `${B}/threads/${deeThread}`)).statusCode).toBe(404);
    expect((await call('eve', 'PUT', `${B}/threads/${deeThread}`, { title: 'Mine' })).statusCode).toBe(404);
    const eveKey = (await call('eve', 'GET', `${B}/key`)).json().data.key as string;
    const del = await call('eve', 'DELETE', `${B}/threads/${deeThread}?key=${encodeURIComponent(eveKey)}`);
    expect(del.statusCode).toBe(404);
    const cont = await ask('eve', 'Tell me more', deeThread);
    expect(cont.statusCode).toBe(404);
    expect(cont.json()).toEqual({ success: false, message: 'Conversation not found' });
    expect((await call('eve', 'GET', `${B}/threads`)).json().data).toEqual([]);
    const mine = (await call('dee', 'GET', `${B}/threads/${deeThread}`)).json().data;
    expect(mine.title).not.toBe('Mine');
    expect(mine.messages).toHaveLength(2);
  });

  it('refuses a thread of another tenant', async () => {
    expect((await call('bravo', 'GET', `${B}/threads/${deeThread}`)).statusCode).toBe(404);
    expect((await call('bravo', 'PUT', `${B}/threads/${deeThread}`, { title: 'x' })).statusCode).toBe(404);
    expect((await ask('bravo', 'hello', deeThread)).statusCode).toBe(404);
  });

  it('refuses a key of another user, another tenant, or past its time', async () => {
    const eveKey = (await call('eve', 'GET', `${B}/key`)).json().data.key as string;
    const bravoKey = (await call('bravo', 'GET', `${B}/key`)).json().data.key as string;
    const user = { id: o.id.dee!, tenantId: o.tdb.tenantId } as AuthUser;
    const expired = issueKey(user, Date.now() - KEY_TTL_MS - 1000).key;
    for (const key of [eveKey, bravoKey, expired, 'not-a-key']) {
      const res = await call('dee', 'DELETE', `${B}/threads/${deeThread}?key=${encodeURIComponent(key)}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        'This key does not allow deleting conversations: it belongs to someone else or has expired. Ask for a new key.',
      );
    }
    expect((await call('dee', 'GET', `${B}/threads/${deeThread}`)).statusCode).toBe(200);
  });

  it('lets only administrators see or change the endpoint and the usage', async () => {
    const patch = await call('dee', 'PATCH', `${B}/genai/config`, { baseUrl: 'https://evil.example/v1', model: 'x' });
    expect(patch.statusCode).toBe(403);
    expect((await call('dee', 'GET', `${B}/genai/config`)).statusCode).toBe(403);
    expect((await call('dee', 'GET', `${B}/genaiusage`)).statusCode).toBe(403);
    expect((await o.tdb.selectFrom('uni_config').selectAll().execute()).length).toBe(0);
    // Bravo's administrator changes bravo only.
    await call('bravo', 'PATCH', `${B}/genai/config`, { baseUrl: 'https://llm.bravo.example/v1', model: 'm' });
    expect((await call('admin', 'GET', `${B}/genai/config`)).json().data.configured).toBe(false);
  });

  it('never gives the model a passage the user may not read', async () => {
    const appId = await publishApp(o, 'Payroll Adjustments', expenseClaim);
    const saved = await o.post('admin', '/api/EntryModule/save', {
      moduleId: appId,
      data: { title: `Payroll bonus ${SECRET}`, amount: 99, secret: SECRET },
    });
    expect(saved.json(), saved.body).toMatchObject({ success: true });
    const set = await o.post('admin', '/api/form/Editor/UpdateModule', {
      id: appId,
      permission: { rules: { view: { roles: ['administrator'] } } },
    });
    expect(set.json(), set.body).toMatchObject({ success: true });
    await allowPrivateEgress(o, true);
    await call('admin', 'PATCH', `${B}/genai/config`, { baseUrl: llm.baseUrl, model: 'm', apiKey: API_KEY });

    const before = llm.seen.length;
    const dee = sseEvents((await ask('dee', 'payroll bonus')).body);
    const deeContext = JSON.stringify(llm.seen.slice(before));
    expect(llm.seen.length).toBe(before + 1);
    expect(deeContext).not.toContain(SECRET);
    expect(deeContext).not.toContain('Payroll Adjustments');
    expect(JSON.stringify(dee)).not.toContain(SECRET);

    // The administrator may read it, so the same question reaches the model with it (the filter, not the index, decided).
    const mark = llm.seen.length;
    await ask('admin', 'payroll bonus');
    expect(JSON.stringify(llm.seen.slice(mark))).toContain(SECRET);
  });
});
