import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setLlmTimeout } from '../../src/server/uni/llm.js';
import { testDialects } from '../support/databases.js';
import { startOpenAiServer, sseEvents } from '../support/openai-server.js';
import { ACME, allowPrivateEgress, publishApp, useOffice } from '../support/office.js';
import { expenseClaim } from './engine-fixture.js';

const B = '/api/bot';
const API_KEY = 'sk-test-uni-4f2a9c81';
const REPLY = 'To create an app, open Create App in the sidebar [1].';

describe.each(await testDialects())('Uni, the assistant, on %s', (dialect) => {
  const o = useOffice(dialect, ['dee', { username: 'fay', isFullUser: true }]);
  let llm: Awaited<ReturnType<typeof startOpenAiServer>>;
  let appId: string;
  const call = (who: string, method: 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    o.t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${o.tok[who]}`, host: ACME },
      ...(payload ? { payload } : {}),
    });
  const ask = async (who: string, message: string, threadId?: string) => {
    const res = await o.post(who, `${B}/prompt`, { message, ...(threadId ? { threadId } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = sseEvents(res.body);
    const of = (name: string) => events.filter((e) => e.event === name).map((e) => e.data);
    return {
      events,
      of,
      text: of('token')
        .map((t) => t.text)
        .join(''),
    };
  };

  beforeAll(async () => {
    llm = await startOpenAiServer({
      apiKey: API_KEY,
      reply: (messages) =>
        messages.at(-1)?.content.includes('Budget')
          ? 'I drafted it.\n```proposal\n{"kind":"field","appId":"APP","label":"Budget","type":"number"}\n```'.replace(
              'APP',
              appId,
            )
          : REPLY,
    });
    await allowPrivateEgress(o, true);
    appId = await publishApp(o, 'Expense Claim', expenseClaim);
  });
  beforeEach(() => {
    llm?.setMode('ok');
    setLlmTimeout(60_000);
  });
  afterAll(async () => {
    setLlmTimeout(60_000);
    await llm?.close();
  });

  it('answers without a language model with the best passages, as links, and stores the thread', async () => {
    const started = performance.now();
    const a = await ask('dee', 'How do I create an app?');
    const ms = performance.now() - started;
    expect(a.events.map((e) => e.event)).toEqual(['thread', 'citations', 'done']);
    const [citations] = a.of('citations');
    expect(citations.length).toBeGreaterThan(0);
    for (const c of citations) {
      expect(c.link).toMatch(/^\/[^/]/);
      expect(c.title).toBeTruthy();
    }
    console.info(`no-LLM answer over HTTP inject: ${Math.round(ms)} ms`);
    const threadId = a.of('thread')[0].threadId as string;
    const list = (await o.get('dee', `${B}/threads`)).json().data;
    expect(list.map((t: { id: string }) => t.id)).toContain(threadId);
    const detail = (await o.get('dee', `${B}/threads/${threadId}`)).json().data;
    expect(detail.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(detail.messages[1].citations).toEqual(citations);
    // A follow-up in the same thread.
    await ask('dee', 'And how do I publish it?', threadId);
    expect((await o.get('dee', `${B}/threads/${threadId}`)).json().data.messages).toHaveLength(4);
  });

  it('keeps the endpoint key sealed at rest and shows it masked', async () => {
    const saved = await call('admin', 'PATCH', `${B}/genai/config`, {
      baseUrl: llm.baseUrl,
      model: 'gpt-test',
      apiKey: API_KEY,
    });
    expect(saved.json(), saved.body).toMatchObject({ success: true });
    const shown = (await o.get('admin', `${B}/genai/config`)).json().data;
    expect(shown).toMatchObject({ configured: true, baseUrl: llm.baseUrl, model: 'gpt-test', hasKey: true });
    expect(shown.apiKey).not.toContain(API_KEY);
    expect(shown.apiKey.endsWith(API_KEY.slice(-4))).toBe(true);
    const raw = await o.tdb.selectFrom('uni_config').select('api_key').executeTakeFirstOrThrow();
    expect(raw.api_key.startsWith('enc:v1:')).toBe(true);
    expect(raw.api_key).not.toContain(API_KEY);
    // Leaving the key out keeps it.
    await call('admin', 'PATCH', `${B}/genai/config`, { model: 'gpt-test' });
    expect((await o.get('admin', `${B}/genai/config`)).json().data.hasKey).toBe(true);
    const bad = await call('admin', 'PATCH', `${B}/genai/config`, { baseUrl: 'ftp://x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ success: false, message: 'baseUrl must be an http or https address.' });
  });

  it('streams the model’s answer from the retrieved passages, then the citations', async () => {
    const before = llm.seen.length;
    const a = await ask('dee', 'How do I create an app?');
    expect(a.text).toBe(REPLY);
    expect(a.of('token').length).toBeGreaterThan(1);
    const names = a.events.map((e) => e.event);
    expect(names.indexOf('citations')).toBeGreaterThan(names.lastIndexOf('token'));
    expect(a.of('done')[0].usage).toEqual({ promptTokens: 120, completionTokens: 30 });
    const sent = llm.seen.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ path: '/v1/chat/completions', stream: true, model: 'gpt-test' });
    expect(sent[0]!.authorization).toBe(`Bearer ${API_KEY}`);
    const system = sent[0]!.messages[0]!;
    expect(system.role).toBe('system');
    for (const c of a.of('citations')[0]) expect(system.content).toContain(c.title);
    const stored = (await o.get('dee', `${B}/threads/${a.of('thread')[0].threadId}`)).json().data.messages;
    expect(stored[1].content).toBe(REPLY);
  });

  it('streams over a real connection while the model answers', async () => {
    await o.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = o.t.app.server.address() as AddressInfo;
    const body = JSON.stringify({ message: 'How do I create an app?' });
    const chunks: string[] = [];
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: `${B}/prompt`,
          headers: {
            host: `acme.localhost:${port}`,
            authorization: `Bearer ${o.tok.fay}`,
            'content-type': 'application/json',
          },
        },
        (res) => {
          res.setEncoding('utf8');
          res.on('data', (c: string) => chunks.push(c));
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(status).toBe(200);
    const events = sseEvents(chunks.join(''));
    expect(events.filter((e) => e.event === 'error')).toEqual([]);
    expect(
      events
        .filter((e) => e.event === 'token')
        .map((e) => e.data.text)
        .join(''),
    ).toBe(REPLY);
    expect(events.at(-1)?.event).toBe('done');
  });

  it('turns endpoint failures into a clear message with the passages, never a 500 or a hang', async () => {
    llm.setMode('unauthorized');
    const refused = await ask('dee', 'How do I create an app?');
    expect(refused.of('error')[0].message).toMatch(/answered 401: Incorrect API key provided\./);
    expect(refused.of('citations')[0].length).toBeGreaterThan(0);
    expect(refused.of('done')).toHaveLength(1);
    llm.setMode('hang');
    setLlmTimeout(400);
    const started = Date.now();
    const hung = await ask('dee', 'How do I create an app?');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(hung.of('error')[0].message).toMatch(/did not answer within 0.4 s/);
    llm.setMode('broken');
    const broken = await ask('dee', 'How do I create an app?');
    expect(broken.of('error')[0].message).toMatch(/stopped answering/);
    llm.setMode('ok');
    setLlmTimeout(60_000);
  });

  it('counts calls and tokens per user and day', async () => {
    const usage = (await o.get('admin', `${B}/genaiusage?days=7`)).json().data;
    const dee = usage.users.find((u: { username: string }) => u.username === 'dee');
    expect(dee.calls).toBe(6);
    expect(dee.errors).toBe(3);
    expect(dee).toMatchObject({ promptTokens: 120, completionTokens: 30 });
    expect(usage.days).toHaveLength(7);
    // fay's one call over a real connection counts too.
    expect(usage.days.at(-1)).toMatchObject({ calls: 7, promptTokens: 240, completionTokens: 60 });
    expect(usage.total.calls).toBe(7);
    const rows = (await o.post('admin', `${B}/usage/datatables`, { length: 1000 })).json().data;
    const row = rows.data.find((r: { bot: string; user?: string }) => r.bot === 'uni' && r.user === 'dee');
    expect(row).toMatchObject({ calls: 6, errors: 3, tokens: 150 });
    const only = (await o.post('admin', `${B}/usage/datatables`, { length: 1000, bot: 'uni' })).json().data;
    expect(only.recordsTotal).toBe(2);
    expect((await o.post('admin', `${B}/usage/datatables`, { length: 1001 })).statusCode).toBe(400);
  });

  it('renames threads and deletes them only with the encrypted key', async () => {
    const { of } = await ask('fay', 'Where are my tasks?');
    const id = of('thread')[0].threadId as string;
    const renamed = await call('fay', 'PUT', `${B}/threads/${id}`, { title: 'Tasks' });
    expect(renamed.json().data).toMatchObject({ id, title: 'Tasks' });
    expect((await call('fay', 'DELETE', `${B}/threads/${id}`)).statusCode).toBe(400);
    const wrong = await call('fay', 'DELETE', `${B}/threads/${id}?key=enc:v1:AAAA`);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toMatch(/belongs to someone else or has expired/);
    const key = (await o.get('fay', `${B}/key`)).json().data;
    expect(key.key.startsWith('enc:v1:')).toBe(true);
    expect(Date.parse(key.expiresAt)).toBeGreaterThan(Date.now());
    const gone = await call('fay', 'DELETE', `${B}/threads/${id}?key=${encodeURIComponent(key.key)}`);
    expect(gone.json()).toMatchObject({ success: true, data: { id } });
    expect((await o.get('fay', `${B}/threads/${id}`)).statusCode).toBe(404);
  });

  it('proposes a field and a report as drafts, only to users with the right', async () => {
    await call('admin', 'PATCH', `${B}/genai/config`, { baseUrl: '' });
    const field = await ask('fay', 'add a field Amount to Expense Claim');
    const f = field.of('proposal')[0];
    expect(f.proposal).toEqual({ kind: 'field', appId, appName: 'Expense Claim', label: 'Amount', type: 'number' });
    const draft = (await o.get('fay', `${B}/proposal/${f.draftId}`)).json().data;
    expect(draft.proposal).toEqual(f.proposal);
    const report = await ask('fay', 'create a report of rejected claims by month');
    expect(report.of('proposal')[0].proposal).toEqual({
      kind: 'report',
      appId,
      appName: 'Expense Claim',
      title: 'Expense Claim (Rejected) by month',
      groupBy: { column: 'created_on', bucket: 'month' },
      measure: { aggregate: 'count' },
      filter: { column: 'process_outcome', operator: 'eq', value: 'Rejected' },
    });
    // A regular user may not design apps: no draft, and another's draft is not theirs to open.
    const none = await ask('dee', 'add a field Amount to Expense Claim');
    expect(none.of('proposal')).toEqual([]);
    expect((await o.get('dee', `${B}/proposal/${f.draftId}`)).statusCode).toBe(404);
    // Nothing was applied: the app's form is unchanged.
    const form = (await o.get('admin', `/api/form/Editor/GetForm?id=${appId}`)).json().data;
    expect(JSON.stringify(form.module_draft)).not.toContain('Budget');
  });

  it('takes the model’s draft block out of the text and checks it', async () => {
    await call('admin', 'PATCH', `${B}/genai/config`, { baseUrl: llm.baseUrl, model: 'gpt-test' });
    const a = await ask('fay', 'Please add a Budget number to the claims form');
    expect(a.text).toBe('I drafted it.\n');
    expect(a.of('proposal')[0].proposal).toMatchObject({ kind: 'field', appId, label: 'Budget', type: 'number' });
    // The same block for someone who may not design is dropped.
    const dee = await ask('dee', 'Please add a Budget number to the claims form');
    expect(dee.of('proposal')).toEqual([]);
    expect(dee.text).toBe('I drafted it.\n');
  });
});
