import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import swagger from '@fastify/swagger';
import { sql } from 'kysely';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/database.js';
import { installErrorEnvelope } from './http/errors.js';
import { appLogging } from './http/logging.js';
import { installValidation } from './http/validation.js';
import { installTenancy } from './tenancy/hook.js';
import { TenantResolver } from './tenancy/resolve.js';
import { featureModules } from './features.js';
import { webRoutes } from './web.js';
import { SigningKeys } from './identity/keys.js';
import { installAuthGuard } from './identity/guard.js';
import { installMaintenance } from './maintenance/hook.js';
import { OutboxWorker } from './outbox/worker.js';
import { webhookFanout } from './webhooks/fanout.js';
import { automationEventQueue, bothListeners } from './automations/events.js';
import { WEBHOOK_OUTBOX_KIND } from './webhooks/events.js';
import { mailHandler } from './mail/mailer.js';
import { TaskHub } from './hub/hub.js';
import { inProcessBus, redisBus } from './hub/bus.js';
import { startChangeFeed } from './db/change-feed.js';
import { GroupCommitter } from './db/group-commit.js';
import { notificationHandler } from './notifications/deliver.js';
import { localTransitions } from './engine/transitions.js';
import { writerThread } from './engine/thread/writer-client.js';

export interface BuildOptions {
  config: Config;
  db: Database;
  /** False silences the server (tests); otherwise it logs at the configured level. */
  logger?: false;
}

export async function buildApp(opts: BuildOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const logging = appLogging(opts.config.logLevel, opts.logger);
  const app = Fastify({
    ...logging.options,
    bodyLimit: opts.config.bodyLimit,
    // Forwarded headers only from the proxies the operator names; from anyone else they would move the caller's
    // address past the per-address sign-in throttle.
    trustProxy: opts.config.trustProxy.length ? opts.config.trustProxy : false,
    // The spec writes the same paths in two letter cases (/api/form/Editor and /api/form/editor): match either.
    routerOptions: { caseSensitive: false },
    return503OnClosing: true,
    // Addresses the router itself refuses (a malformed or over-long path part) answer in the envelope too.
    frameworkErrors: (err, _req, reply) => {
      const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const message = tooLong ? 'A part of the address is too long.' : 'The address is not valid.';
      void (reply as FastifyReply).status(tooLong ? 414 : 400).send({ success: false, message });
    },
    ajv: { customOptions: { allErrors: false, coerceTypes: 'array', removeAdditional: false } },
  });
  logging.adopt(app);
  const hub = new TaskHub(opts.config.redisUrl ? redisBus(opts.config.redisUrl) : inProcessBus(), app.log);
  const { config, db } = opts;
  // SQLite: actions and outbox delivery run on a writer thread of their own unless ENGINE_THREAD=off.
  const thread =
    db.writeLock && config.engineThread
      ? writerThread({ ...config, writeLock: db.writeLock, hub, log: app.log })
      : undefined;
  const mail = thread ? undefined : mailHandler(config.smtpUrl, config.mailFrom, app.log);
  // SQLite on this thread: concurrent transactions share commits (one fsync for many).
  const group = !thread && db.dialect === 'sqlite' ? new GroupCommitter(db.system) : undefined;
  const ctx: AppContext = {
    config,
    db,
    tenants: new TenantResolver(db.system),
    log: app.log,
    keys: new SigningKeys(db.system),
    outbox:
      thread?.outbox ??
      new OutboxWorker(
        db,
        {
          mail: mail!.handler,
          notification: notificationHandler(hub),
          [WEBHOOK_OUTBOX_KIND]: bothListeners(webhookFanout(), automationEventQueue(db.system)),
        },
        app.log,
        { group },
      ),
    transitions: thread?.transitions ?? localTransitions(db, group),
    hub,
  };
  await ctx.hub.start();
  // Several nodes share one database: each hears the others' changes, so results reused on one stay true.
  const changes = opts.config.redisUrl ? startChangeFeed(opts.config.redisUrl, app.log) : undefined;
  app.addHook('onClose', async () => {
    changes?.close();
    await ctx.outbox.stop();
    await ctx.transitions.close();
    mail?.close();
    await ctx.hub.close();
  });
  installErrorEnvelope(app);
  installValidation(app);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Platform API', version: '2.2.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  installTenancy(app, ctx);
  installAuthGuard(app, ctx);
  await installMaintenance(app, ctx);

  app.get('/healthz', { schema: { hide: true } }, async () => ({ success: true, status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await sql`select 1`.execute(ctx.db.system);
      return { success: true, status: 'ready' };
    } catch {
      return reply.status(503).send({ success: false, message: 'Database unavailable' });
    }
  });
  app.get('/api/openapi.json', { config: { tenantOptional: true }, schema: { hide: true } }, async () => app.swagger());

  for (const feature of featureModules) await feature.register(app, ctx);
  await webRoutes(app, opts.config.webDir);
  return { app, ctx };
}
