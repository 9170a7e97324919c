import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { appLogging } from './logging.js';

type Line = Record<string, unknown> & { level: number; msg: string };

/** A Fastify app logging at `level` into an array, with a route that logs at warn and info through req.log. */
async function appAt(level: string) {
  const lines: Line[] = [];
  const logging = appLogging(level, undefined, { write: (s: string) => void lines.push(JSON.parse(s) as Line) });
  const app = Fastify(logging.options);
  logging.adopt(app);
  let sameLogger: boolean | undefined;
  app.get('/t', async (req) => {
    sameLogger = req.log === app.log;
    req.log.warn({ req }, 'careful');
    req.log.info('just so you know');
    return { ok: true };
  });
  app.get('/twice', async (_req, reply) => {
    await reply.send({ first: true });
    return { second: true };
  });
  await app.ready();
  return { app, lines, sameLogger: () => sameLogger };
}

describe('the server logger', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('above info makes no logger per request, and still writes warnings, Fastify’s own and a child’s', async () => {
    const t = await appAt('warn');
    app = t.app;
    expect((await app.inject({ url: '/t', headers: { authorization: 'Bearer secret' } })).json()).toEqual({ ok: true });
    expect(t.sameLogger()).toBe(true);
    expect(t.lines.map((l) => l.msg)).toEqual(['careful']);
    expect(t.lines[0]).toMatchObject({ level: 40, req: { method: 'GET', url: '/t' } });
    expect(JSON.stringify(t.lines)).not.toContain('secret');

    await app.inject({ url: '/twice' });
    expect(t.lines.at(-1)).toMatchObject({ level: 40, err: { code: 'FST_ERR_REP_ALREADY_SENT' } });

    app.log.child({ part: 'outbox' }).error('stuck');
    expect(t.lines.at(-1)).toMatchObject({ level: 50, part: 'outbox', msg: 'stuck' });
    app.log.info('not written');
    expect(t.lines.at(-1)?.msg).toBe('stuck');
  });

  it('at info writes each request’s lines, bound to its id; neither level writes the token', async () => {
    const t = await appAt('info');
    app = t.app;
    await app.inject({ url: '/t', headers: { authorization: 'Bearer secret' } });
    expect(t.sameLogger()).toBe(false);
    expect(t.lines.map((l) => l.msg)).toEqual(['incoming request', 'careful', 'just so you know', 'request completed']);
    const ids = new Set(t.lines.map((l) => l.reqId));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toBeTruthy();
    expect(t.lines[1]).toMatchObject({ req: { method: 'GET', url: '/t' } });
    expect(JSON.stringify(t.lines)).not.toContain('secret');
  });

  it('false writes nothing and makes no logger per request', async () => {
    const logging = appLogging('info', false);
    app = Fastify(logging.options);
    logging.adopt(app);
    let same = false;
    app.get('/t', async (req) => {
      same = req.log === app!.log;
      return {};
    });
    await app.inject({ url: '/t' });
    expect(same).toBe(true);
  });
});
