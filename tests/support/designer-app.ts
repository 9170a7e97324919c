import { afterAll, beforeAll } from 'vitest';
import type { DialectName } from '../../src/server/db/database.js';
import { bearer, tokenFor } from './auth.js';
import { startTestApp, type TestApp } from './app.js';

export const DESIGNER_HOST = 'acme.localhost';
const PW = 'Correct-Horse-9';

/**
 * Inside a describe: a server with tenant acme whose administrator has created one app (`moduleId`), and `post`
 * for calls in the administrator's name. For tests of what a designer may save.
 */
export function designerApp(dialect: DialectName, appName: string) {
  const s = {
    t: undefined as unknown as TestApp,
    token: '',
    moduleId: '',
    post: (url: string, payload: object) =>
      s.t.app.inject({ method: 'POST', url, headers: bearer(s.token, DESIGNER_HOST), payload }),
  };
  beforeAll(async () => {
    s.t = await startTestApp(dialect);
    await s.t.addTenant('acme', PW);
    s.token = await tokenFor(s.t.app, DESIGNER_HOST, 'admin', PW);
    s.moduleId = (await s.post('/api/form/Editor/CreateProcessFromScratch', { name: appName })).json().data.id;
  });
  afterAll(() => s.t?.close());
  return s;
}
