import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { startServer, type RunningServer } from './server.js';

/** The demo tenant's seeded accounts (see tests/support/server.ts). */
export const DEMO_ADMIN = ['admin', 'Admin-Pass-123'] as const;
export const DEMO_USER = ['user', 'User-Pass-123'] as const;

export interface Web {
  server: RunningServer;
  browser: Browser;
  /** The demo tenant's address on the running server. */
  origin: string;
}

/**
 * Inside a describe: a real server and Chromium, started before its tests and stopped after them. Its fields are
 * there once the tests (or later beforeAll hooks) run.
 */
export function useWeb(env: Record<string, string> = {}): Web {
  const web = {} as Web;
  beforeAll(async () => {
    web.server = await startServer(env);
    web.origin = `http://demo.localhost:${web.server.port}`;
    web.browser = await launchBrowser();
  });
  afterAll(async () => {
    await web.browser?.close();
    await web.server?.stop();
  });
  return web;
}

/** Signs in through the sign-in page and waits until the signed-in shell shows. */
export async function signInPage(page: Page, origin: string, username: string, password: string) {
  await page.goto(`${origin}/authentication/login`);
  await page.fill('#username', username);
  await page.fill('#password', password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/authentication'));
  await page.locator('.shell-sidebar').waitFor();
}

/** Calls the API from inside the signed-in page with its own bearer token; answers the whole envelope. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the answer it expects
export function pageApi<T = { success: boolean; message?: string; data?: any }>(
  page: Page,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  return page.evaluate(
    async ([m, u, b]) => {
      const token = JSON.parse(localStorage.getItem('auth.token')!).token as string;
      const res = await fetch(u as string, {
        method: m as string,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return res.json();
    },
    [method, url, body] as const,
  ) as Promise<T>;
}

/** As pageApi, but answers the envelope's data and throws its message when the call did not succeed. */
export async function pageData<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  const answer = await pageApi<{ success: boolean; message?: string; data: T }>(page, method, url, body);
  if (!answer.success) throw new Error(answer.message);
  return answer.data;
}
