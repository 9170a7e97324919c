import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { secretKey } from '../../crypto/secrets.js';
import { badRequest, unauthorized } from '../../http/errors.js';
import { TenantDb } from '../../tenancy/tenant-db.js';
import { TENANT_MESSAGES, tenantLabel, type Tenant } from '../../tenancy/resolve.js';
import { consumeChallenge, cookie, createChallenge, findChallenge } from '../challenges.js';
import { afterPassword } from '../routes-auth.js';
import { checkReturnUrl, consumeFlow, startFlow, sweepFlows } from './flows.js';
import { oidcFinish, oidcStart, type OidcEnv } from './oidc.js';
import { finishSaml, startSaml } from './saml.js';
import {
  loadSettings,
  oidcReady,
  samlReady,
  saveSettings,
  settingsBodySchema,
  settingsView,
  type SsoSettingsInput,
} from './settings.js';
import { resolveUser, type ExternalIdentity } from './users.js';

const STATE_COOKIE = 'sso_state';
const TICKET_COOKIE = 'sso_ticket';
const TICKET_TTL_MS = 2 * 60_000;
const TICKET_PATH = '/api/identity/sso';
export const SSO_PAGE = '/authentication/sso';
export const BAD_RETURN_URL = 'The return address must be a path on this site.';
export const SSO_INCOMPLETE = 'Single sign-on did not complete. Please try again.';

type SsoError = 'failed' | 'not-allowed' | 'not-configured' | 'cancelled';

/** /auth/* are browser navigations outside /api, so the tenant is resolved here rather than by the /api hook. */
async function tenantOf(
  req: FastifyRequest,
  reply: FastifyReply,
  ctx: AppContext,
): Promise<{ tenant: Tenant; tdb: TenantDb } | undefined> {
  const state = await ctx.tenants.state(tenantLabel(req.headers.host));
  if (!state.ok) {
    void reply.redirect(`/403?message=${encodeURIComponent(TENANT_MESSAGES[state.reason])}`);
    return undefined;
  }
  return { tenant: state.tenant, tdb: new TenantDb(state.tenant.id, ctx.db.forTenant(state.tenant.id)) };
}

const origin = (req: FastifyRequest) => `${req.protocol}://${req.headers.host}`;
const oidcRedirect = (req: FastifyRequest, configured: string | null) => configured || `${origin(req)}/auth/callback`;
const acsUrl = (req: FastifyRequest) => `${origin(req)}/auth/saml/acs`;
const toPage = (reply: FastifyReply, error: SsoError) => reply.redirect(`${SSO_PAGE}?error=${error}`);

function returnUrlOf(req: FastifyRequest): string {
  const q = req.query as Record<string, unknown>;
  const url = checkReturnUrl(q.returnUrl ?? q.ReturnUrl);
  if (!url) throw badRequest(BAD_RETURN_URL);
  return url;
}

/** The identity provider vouched for someone: link or provision them and hand the browser a one-time ticket. */
async function signedInExternally(tdb: TenantDb, reply: FastifyReply, who: ExternalIdentity, returnUrl: string) {
  const settings = await loadSettings(tdb);
  const r = await resolveUser(tdb, who, settings?.provisioning ?? 'link');
  if (!r.ok) return toPage(reply, 'not-allowed');
  const ticket = await createChallenge(tdb, r.user.id, 'sso', TICKET_TTL_MS);
  reply.setCookie(TICKET_COOKIE, ticket, {
    httpOnly: true,
    sameSite: 'lax',
    path: TICKET_PATH,
    maxAge: TICKET_TTL_MS / 1000,
    secure: 'auto',
  });
  const carry = returnUrl !== '/' ? `?ReturnUrl=${encodeURIComponent(returnUrl)}` : '';
  return reply.redirect(`${SSO_PAGE}${carry}`);
}

export async function ssoRoutes(app: FastifyInstance, ctx: AppContext) {
  const browser = { schema: { hide: true } };
  // The cached OpenID configuration outlives the request, so its calls log through the app logger.
  const oidcEnv = (tenant: Tenant): OidcEnv => ({
    secretKey: secretKey(ctx.config),
    allowPrivate: tenant.allow_private_egress === 1,
    log: ctx.log,
  });

  app.get('/auth/login', browser, async (req, reply) => {
    const returnUrl = returnUrlOf(req);
    const t = await tenantOf(req, reply, ctx);
    if (!t) return reply;
    const settings = await loadSettings(t.tdb);
    if (!oidcReady(settings)) return toPage(reply, 'not-configured');
    if (Math.random() < 0.02) await sweepFlows(t.tdb);
    try {
      const start = await oidcStart(settings, oidcEnv(t.tenant), oidcRedirect(req, settings.oidc_redirect_uri));
      await startFlow(t.tdb, 'oidc', start.state, { nonce: start.nonce, verifier: start.verifier, returnUrl });
      // The state is also bound to this browser, so a callback link planted in another browser fails.
      reply.setCookie(STATE_COOKIE, start.state, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/auth',
        maxAge: 600,
        secure: 'auto',
      });
      return reply.redirect(start.url);
    } catch (err) {
      req.log.warn({ err }, 'OpenID sign-in could not start');
      return toPage(reply, 'failed');
    }
  });

  app.get('/auth/callback', browser, async (req, reply) => {
    const t = await tenantOf(req, reply, ctx);
    if (!t) return reply;
    const query = new URLSearchParams(req.query as Record<string, string>);
    const state = query.get('state') ?? '';
    const bound = cookie(req, STATE_COOKIE);
    reply.clearCookie(STATE_COOKIE, { path: '/auth' });
    const flow = state && bound === state ? await consumeFlow(t.tdb, 'oidc', state) : undefined;
    const settings = await loadSettings(t.tdb);
    if (!flow || !oidcReady(settings)) return toPage(reply, 'failed');
    if (query.get('error')) return toPage(reply, query.get('error') === 'access_denied' ? 'cancelled' : 'failed');
    try {
      const who = await oidcFinish(settings, oidcEnv(t.tenant), oidcRedirect(req, settings.oidc_redirect_uri), query, {
        state,
        nonce: String(flow.nonce),
        verifier: String(flow.verifier),
      });
      return await signedInExternally(t.tdb, reply, who, checkReturnUrl(flow.returnUrl) ?? '/');
    } catch (err) {
      req.log.warn({ err }, 'OpenID sign-in refused');
      return toPage(reply, 'failed');
    }
  });

  app.get('/auth/saml', browser, async (req, reply) => {
    const returnUrl = returnUrlOf(req);
    const t = await tenantOf(req, reply, ctx);
    if (!t) return reply;
    const settings = await loadSettings(t.tdb);
    if (!samlReady(settings)) return toPage(reply, 'not-configured');
    try {
      return reply.redirect(await startSaml(settings, t.tdb, acsUrl(req), returnUrl));
    } catch (err) {
      req.log.warn({ err }, 'SAML sign-in could not start');
      return toPage(reply, 'failed');
    }
  });

  // The IdP posts the response as a form; the parser lives in this scope only.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1_048_576 },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    scope.post('/auth/saml/acs', browser, async (req, reply) => {
      const t = await tenantOf(req, reply, ctx);
      if (!t) return reply;
      const settings = await loadSettings(t.tdb);
      const body = (req.body ?? {}) as Record<string, string>;
      if (!samlReady(settings)) return toPage(reply, 'not-configured');
      if (typeof body.SAMLResponse !== 'string' || !body.SAMLResponse) return toPage(reply, 'failed');
      try {
        const { who, returnUrl } = await finishSaml(settings, t.tdb, acsUrl(req), { SAMLResponse: body.SAMLResponse });
        return await signedInExternally(t.tdb, reply, who, checkReturnUrl(returnUrl) ?? '/');
      } catch (err) {
        req.log.warn({ err: (err as Error).message }, 'SAML sign-in refused');
        return toPage(reply, 'failed');
      }
    });
  });

  const base = '/api/identity/sso';

  app.get(
    `${base}/options`,
    { config: { public: true }, schema: { tags: ['identity'], summary: 'Which SSO buttons to show' } },
    async (req) => {
      const s = await loadSettings(req.tdb);
      return { success: true, message: '', data: { oidc: oidcReady(s), saml: samlReady(s) } };
    },
  );

  app.get(
    `${base}/settings`,
    { config: { roles: ['sysAdmin', 'administrator'] }, schema: { tags: ['identity'] } },
    async (req) => ({
      success: true,
      message: '',
      data: settingsView(await loadSettings(req.tdb)),
    }),
  );

  app.post(
    `${base}/settings`,
    { config: { roles: ['sysAdmin', 'administrator'] }, schema: { tags: ['identity'], body: settingsBodySchema } },
    async (req) => ({
      success: true,
      message: 'Single sign-on settings saved',
      data: settingsView(await saveSettings(req.tdb, req.body as SsoSettingsInput, secretKey(ctx.config))),
    }),
  );

  // The /authentication/sso page trades the ticket cookie for what a correct password gives: a second-factor
  // challenge when the user or tenant requires one, else a session.
  app.post(`${base}/complete`, { config: { public: true }, schema: { tags: ['identity'] } }, async (req, reply) => {
    reply.clearCookie(TICKET_COOKIE, { path: TICKET_PATH });
    const challenge = await findChallenge(req.tdb, cookie(req, TICKET_COOKIE), 'sso');
    if (!challenge || !(await consumeChallenge(req.tdb, challenge.id))) throw unauthorized(SSO_INCOMPLETE);
    const user = await req.tdb.selectFrom('users').selectAll().where('id', '=', challenge.user_id).executeTakeFirst();
    if (!user || user.status !== 'active') throw unauthorized(SSO_INCOMPLETE);
    // The identity provider stands in for the password; a local second factor still applies.
    return { success: true, message: '', data: await afterPassword(req, reply, ctx, user, 'sso') };
  });
}
