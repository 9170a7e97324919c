import pino, { type DestinationStream, type LoggerOptions } from 'pino';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/** The levels at which Fastify writes a line for each request (incoming, completed). */
const REQUEST_LOG_LEVELS = new Set(['trace', 'debug', 'info']);
const METHODS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

type Req = { method?: string; url?: string; host?: string; ip?: string; socket?: { remotePort?: number } };
/** What Fastify's own pino writes for a request, a reply and an error, so a line reads the same at any level. */
const serializers = {
  req: (req: Req) => ({
    method: req.method,
    url: req.url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }),
  res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
  err: pino.stdSerializers.err,
};

export interface AppLogging {
  /** The logger part of Fastify's options. */
  options: Pick<FastifyServerOptions, 'logger'>;
  /** Finishes the setup on the built app (see appLogging). */
  adopt(app: FastifyInstance): void;
}

/**
 * The server's logger. At info and finer Fastify gets pino and gives each request a child logger bound to its id, for
 * the request lines. Above info there are no request lines, yet a Fastify with a logger would still make a child
 * logger, add and remove two listeners and build two unwritten lines for every request (a sixth of a small request's
 * CPU). So it gets none, and `adopt` points the logger it uses instead (app.log, which is also every req.log) at a
 * pino of the level: warnings and errors, Fastify's and ours, are written as before. `false` silences (tests).
 */
export function appLogging(level: string, choice: false | undefined, destination?: DestinationStream): AppLogging {
  const settings: LoggerOptions = {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-token"]'],
  };
  if (choice === false) return { options: { logger: false }, adopt: () => {} };
  if (REQUEST_LOG_LEVELS.has(level))
    return { options: { logger: destination ? { ...settings, stream: destination } : settings }, adopt: () => {} };
  const root = pino({ ...settings, serializers }, destination);
  return {
    options: { logger: false },
    adopt(app) {
      // The level is fixed for the process, so the methods are bound once (pino makes the disabled ones no-ops).
      const log = app.log as unknown as Record<string, unknown>;
      for (const m of METHODS) log[m] = root[m].bind(root);
      log.child = (bindings: pino.Bindings, opts?: pino.ChildLoggerOptions) => root.child(bindings, opts);
      log.level = level;
    },
  };
}
