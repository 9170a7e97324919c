import crypto from 'node:crypto';
import type http from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from '../server.js';

export interface OidcIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider) on a free port with its development login and consent pages. Any login
 * name signs in; `alice` gets alice@<emailDomain>, a name with '@' is its own e-mail.
 */
export async function startOidcIdp(redirectUris: string[], emailDomain = 'acme.test'): Promise<OidcIdp> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'flowforms';
  const clientSecret = crypto.randomBytes(24).toString('hex');
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({
        sub: id,
        email: id.includes('@') ? id : `${id}@${emailDomain}`,
        email_verified: true,
        preferred_username: id.split('@')[0],
        name: `${id} (IdP)`,
      }),
    }),
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: [crypto.randomBytes(16).toString('hex')] },
  });
  const server: http.Server = provider.listen(port);
  await new Promise<void>((r) => (server.listening ? r() : server.once('listening', () => r())));
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * Walks the provider's login and consent pages as a browser would (cookies, redirects, form posts) and returns
 * the address the provider finally sends the browser to (our callback with code and state).
 */
export async function signInAtIdp(authorizeUrl: string, login: string, stopAt: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorizeUrl;
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(stopAt)) return url;
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(c)) jar.delete(name);
      else jar.set(name, pair!.slice(i + 1));
    }
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`unexpected IdP page ${res.status}: ${html.slice(0, 300)}`);
    const target = new URL(action, url).href;
    if (html.includes('value="login"')) body = new URLSearchParams({ prompt: 'login', login, password: 'any' });
    else if (html.includes('value="consent"')) body = new URLSearchParams({ prompt: 'consent' });
    else throw new Error(`unexpected IdP form: ${html.slice(0, 300)}`);
    url = target;
  }
  throw new Error('too many redirects at the IdP');
}
