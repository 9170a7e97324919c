import type { FastifyInstance } from 'fastify';

/** Signs in through the real endpoint; returns the whole answer and the cookies the server set. */
export async function signIn(
  app: FastifyInstance,
  host: string,
  username: string,
  password: string,
  cookies: Record<string, string> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/identity/Authentication/authenticateiso',
    headers: { host, 'content-type': 'application/json' },
    payload: JSON.stringify(JSON.stringify({ username, password })),
    cookies,
  });
  const setCookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
  return { status: res.statusCode, body: res.json(), cookies: setCookies };
}

export async function tokenFor(
  app: FastifyInstance,
  host: string,
  username: string,
  password: string,
): Promise<string> {
  const r = await signIn(app, host, username, password);
  if (!r.body.data?.token) throw new Error(`sign-in failed: ${JSON.stringify(r.body)}`);
  return r.body.data.token as string;
}

export const bearer = (token: string, host: string) => ({ host, authorization: `Bearer ${token}` });
