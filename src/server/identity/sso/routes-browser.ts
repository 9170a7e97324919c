import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { secretKey } from '../../crypto/secrets.js';
import type { ApiApp } from '../../http/api.js';
import { badRequest } from '../../http/errors.js';
import { TenantDb } from '../../tenancy/tenant-db.js';
import { TENANT_MESSAGES, tenantLabel, type Tenant } from '../../tenancy/resolve.js';
import { ErrorAnswer } from '../schemas.js';
import { cookie } from '../cookies.js';
import { checkReturnUrl } from './flows.js';
import type { OidcEnv } from './oidc.js';
import { AcsBody, CallbackQuery, ReturnUrlQuery } from './schemas.js';
import { TICKET_TTL_MS, beginOidc, beginSaml, finishOidc, finishSamlPost, type SsoOutcome, type Vouched } from './service.js';

const STATE_COOKIE = 'sso_state';
export const TICKET_COOKIE = 'sso_ticket';
export const TICKET_PATH = '/api/identity/sso';
export const SSO_PAGE = '/authentication/sso';
export const BAD_RETURN_URL = 'The return address must be a path on this site.';

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
const oidcRedirect = (req: FastifyRequest) => (configured: string | null) => configured || `${origin(req)}/auth/callback`;
const acsUrl = (req: FastifyRequest) => `${origin(req)}/auth/saml/acs`;

function returnUrlOf(q: ReturnUrlQuery): string {
  const url = checkReturnUrl(q.returnUrl ?? q.ReturnUrl);
  if (!url) throw badRequest(BAD_RETURN_URL);
  return url;
}

/** A refusal goes to the SSO page with its reason; a sign-in gets the ticket cookie and goes there to finish. */
function land(req: FastifyRequest, reply: FastifyReply, r: SsoOutcome<Vouched>, what: string) {
  if (!r.ok) {
    if (r.cause) req.log.warn({ err: r.cause instanceof Error ? r.cause.message : r.cause }, `${what} refused`);
    return reply.redirect(`${SSO_PAGE}?error=${r.error}`);
  }
  reply.setCookie(TICKET_COOKIE, r.value.ticket, {
    httpOnly: true,
    sameSite: 'lax',
    path: TICKET_PATH,
    maxAge: TICKET_TTL_MS / 1000,
    secure: 'auto',
  });
  const carry = r.value.returnUrl !== '/' ? `?ReturnUrl=${encodeURIComponent(r.value.returnUrl)}` : '';
  return reply.redirect(`${SSO_PAGE}${carry}`);
}

/** The browser navigations of single sign-on: start at the identity provider, and come back from it. */
export async function ssoBrowserRoutes(app: ApiApp, ctx: AppContext) {
  const hidden = { hide: true, response: { 400: ErrorAnswer } };
  // The cached OpenID configuration outlives the request, so its calls log through the app logger.
  const oidcEnv = (tenant: Tenant): OidcEnv => ({
    secretKey: secretKey(ctx.config),
    allowPrivate: tenant.allow_private_egress === 1,
    log: ctx.log,
  });

  app.get('/auth/login', { schema: { ...hidden, querystring: ReturnUrlQuery } }, async (req, reply) => {
    const returnUrl = returnUrlOf(req.query);
    const t = await tenantOf(req, reply, ctx);
    if (!t) return reply;
    const r = await beginOidc(t.tdb, oidcEnv(t.tenant), { redirectUri: oidcRedirect(req), returnUrl });
    if (!r.ok) {
      if (r.cause) req.log.warn({ err: r.cause }, 'OpenID sign-in could not start');
      return reply.redirect(`${SSO_PAGE}?error=${r.error}`);
    }
    // The state is also bound to this browser, so a callback link planted in another browser fails.
    reply.setCookie(STATE_COOKIE, r.value.state, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/auth',
      maxAge: 600,
      secure: 'auto',
    });
    return reply.redirect(r.value.url);
  });

  app.get('/auth/callback', { schema: { ...hidden, querystring: CallbackQuery } }, async (req, reply) => {
    const t = await tenantOf(req, reply, ctx);
    if (!t) return reply;
    const boundState = cookie(req, STATE_COOKIE);
    reply.clearCookie(STATE_COOKIE, { path: '/auth' });
    const r = await finishOidc(t.tdb, oidcEnv(t.tenant), { redirectUri: oidcRedirect(req), query: req.query, boundState });
    return land(req, reply, r, 'OpenID sign-in');
  });

  app.get('/auth/saml', { schema: { ...hidden, querystring: ReturnUrlQuery } }, async (req, reply) => {
    const returnUrl = returnUrlOf(req.query);
    const t = await tenantOf(req, reply, ctx);
    if (!t) return reply;
    const r = await beginSaml(t.tdb, { acsUrl: acsUrl(req), returnUrl });
    if (!r.ok) {
      if (r.cause) req.log.warn({ err: r.cause }, 'SAML sign-in could not start');
      return reply.redirect(`${SSO_PAGE}?error=${r.error}`);
    }
    return reply.redirect(r.value);
  });

  // The IdP posts the response as a form; the parser lives in this scope only.
  await app.register(async (plain) => {
    const scope = plain as ApiApp;
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1_048_576 },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    scope.post('/auth/saml/acs', { schema: { ...hidden, body: AcsBody } }, async (req, reply) => {
      const t = await tenantOf(req, reply, ctx);
      if (!t) return reply;
      const r = await finishSamlPost(t.tdb, { acsUrl: acsUrl(req), samlResponse: req.body.SAMLResponse });
      return land(req, reply, r, 'SAML sign-in');
    });
  });
}
