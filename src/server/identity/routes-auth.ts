import type { AppContext } from '../context.js';
import { ok, type ApiApp } from '../http/api.js';
import { MACHINE_COOKIE, cookie, setMfaCookie } from './cookies.js';
import { Credentials, ErrorAnswer, SignInAnswer } from './schemas.js';
import { signInWithPassword } from './service-sign-in.js';
import { issuerOf } from './sessions.js';
import { Throttle } from './throttle.js';

const tags = ['identity'];

/** Sign-in with username and password (spec: authenticateiso). */
export function authRoutes(app: ApiApp, ctx: AppContext) {
  const throttle = new Throttle(ctx.db.system);
  const issuer = issuerOf(ctx);

  app.post(
    '/api/identity/Authentication/authenticateiso',
    {
      config: { public: true },
      schema: { tags, body: Credentials, response: { 200: SignInAnswer, 401: ErrorAnswer, 429: ErrorAnswer } },
    },
    async (req, reply) => {
      const step = await signInWithPassword(req.tdb, issuer, throttle, req.tenant, {
        body: req.body,
        ip: req.ip,
        machineSecret: cookie(req, MACHINE_COOKIE),
      });
      if (step.mfaSecret) setMfaCookie(reply, step.mfaSecret);
      return ok(step.data);
    },
  );
}
