import { beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { publishApp, useOffice } from '../support/office.js';
import { claimWorkflow, expenseClaim } from './engine-fixture.js';
import { authUserOf } from '../../src/server/identity/user-info.js';
import { retrievePassages } from '../../src/server/uni-index/retrieve.js';
import { HELP_LANGS, listHelp } from '../../src/server/uni-index/help.js';

/** Questions users ask and the help page that answers each. */
const QUESTIONS: [string, string][] = [
  ['How do I create a new app?', 'create-app'],
  ['How can I publish my app so users see it?', 'create-app'],
  ['add a dropdown field to a form', 'fields'],
  ['make a field required', 'fields'],
  ['set a default value and validation on a field', 'fields'],
  ['How do approvals work?', 'workflows-approvals'],
  ['assign a workflow step to a team', 'workflows-approvals'],
  ['hide a field at an approval step', 'workflows-approvals'],
  ['send a record back to the submitter', 'send-back-reassign'],
  ['reassign my task to a colleague', 'send-back-reassign'],
  ['build a report with filters and totals', 'reports'],
  ['share a report with a team', 'reports'],
  ['export a report to Excel', 'reports'],
  ['create a dashboard with charts', 'dashboards'],
  ['resize widgets on a dashboard', 'dashboards'],
  ['a list of countries used by many apps', 'reference-data'],
  ['import cost centres as reference data', 'reference-data'],
  ['fetch data from an external REST API', 'connectors'],
  ['connect a database to look up values', 'connectors'],
  ['call another system when a record is approved', 'webhooks'],
  ['webhook delivery log and secret', 'webhooks'],
  ['run something on a schedule', 'automation'],
  ['automatically send an email when a record is created', 'automation'],
  ['who may view or edit the records of an app', 'roles-permissions'],
  ['what roles are there', 'roles-permissions'],
  ['invite a new user', 'organization'],
  ['deactivate a user and put people in teams', 'organization'],
  ['retry a failed workflow step', 'process-console'],
  ['cancel a stuck process', 'process-console'],
  ['who changed this setting and when', 'audit-trail'],
  ['export the audit log', 'audit-trail'],
  ['turn on two-factor authentication', 'sign-in-2fa'],
  ['I forgot my password', 'sign-in-2fa'],
  ['change the language to German', 'languages'],
  ['read a scanned invoice with OCR', 'ocr'],
  ['What can Uni the assistant do?', 'uni-assistant'],
  ['where are the records waiting for me', 'tasks-inbox'],
  ['save a draft and finish later', 'records-drafts'],
  ['where do I see my notifications', 'notifications'],
  ['attach a document to a record', 'files-attachments'],
];

const OTHER_LANGUAGES: [string, string, string][] = [
  ['de', 'Wie aktiviere ich die Zwei-Faktor-Authentifizierung?', 'sign-in-2fa'],
  ['es', '¿Cómo comparto un informe con un equipo?', 'reports'],
  ['fr', 'Comment renvoyer une tâche à une étape précédente ?', 'send-back-reassign'],
  ['ja', 'ダッシュボードを作成するには？', 'dashboards'],
  ['zh', '如何创建应用？', 'create-app'],
];

describe.each(await testDialects())('uni retrieval on %s', (dialect) => {
  const o = useOffice(dialect, [{ username: 'sam', isFullUser: true }]);
  let moduleId = '';
  const user = async (name: string) =>
    authUserOf(
      await o.tdb.selectFrom('users').selectAll().where('username', '=', name).executeTakeFirstOrThrow(),
      o.tdb.tenantId,
    );

  beforeAll(async () => {
    moduleId = await publishApp(o, 'Expense claim', expenseClaim, claimWorkflow({ finance: [o.id.admin!] }));
  });

  it('finds the right help page in the top three for at least 90 % of 40 questions', async () => {
    const sam = await user('sam');
    const misses: string[] = [];
    for (const [q, slug] of QUESTIONS) {
      const top = (await retrievePassages(o.tdb, sam, q, { limit: 3, lang: 'en' })).filter((p) => p.source === 'help');
      if (!top.some((p) => p.id === slug)) misses.push(`${q} -> ${top.map((p) => p.id).join(',')}`);
    }
    expect(QUESTIONS.length).toBe(40);
    expect(misses.length, misses.join('\n')).toBeLessThanOrEqual(4);
  });

  it('answers in the other languages from their own articles', async () => {
    const sam = await user('sam');
    for (const [lang, q, slug] of OTHER_LANGUAGES) {
      const top = await retrievePassages(o.tdb, sam, q, { limit: 3, lang });
      expect(
        top.map((p) => p.id),
        `${lang}: ${q}`,
      ).toContain(slug);
      expect(top.find((p) => p.id === slug)!.link).toBe(`/help/${slug}`);
    }
  });

  it('indexes a record as soon as it is saved, and an app as soon as it is published', async () => {
    const sam = await user('sam');
    const r = await o.post('sam', '/api/EntryModule/submit', {
      moduleId,
      data: { title: 'Flamingo conference trip', amount: 12, manager: o.id.admin, secret: 'x' },
    });
    expect(r.json(), r.body).toMatchObject({ success: true });
    const recordId = r.json().data.recordId as string;
    const hits = await retrievePassages(o.tdb, sam, 'flamingo', { limit: 5 });
    expect(hits[0]).toMatchObject({ source: 'record', link: `/item-editor/${moduleId}/${recordId}` });
    expect(hits[0]!.snippet).toContain('Flamingo');
    const appId = await publishApp(o, 'Pelican travel request', expenseClaim);
    const apps = await retrievePassages(o.tdb, await user('admin'), 'pelican', { limit: 5 });
    expect(apps.slice(0, 2)).toContainEqual(
      expect.objectContaining({ source: 'app', id: appId, link: `/module/${appId}` }),
    );
  });

  it("keeps every language's help articles in the tenant's full-text index, ranked with its own data", async () => {
    const sam = await user('sam');
    const hits = await retrievePassages(o.tdb, sam, 'Expense claim report', { limit: 10 });
    expect(new Set(hits.map((p) => p.source))).toEqual(new Set(['help', 'app', 'workflow']));
    const rows = await o.tdb
      .selectFrom('uni_passages')
      .select(['field', (eb) => eb.fn.countAll<number>().as('n')])
      .where('source', '=', 'help')
      .groupBy('field')
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.field, Number(r.n)]))).toEqual(
      Object.fromEntries(HELP_LANGS.map((l) => [l, listHelp(l).length])),
    );
  });

  it('serves the help list, a search and an article in the asked language', async () => {
    const list = (await o.get('sam', '/api/uni/help?lang=de')).json();
    expect(list.success).toBe(true);
    expect(list.data.length).toBeGreaterThanOrEqual(20);
    const found = (await o.get('sam', '/api/uni/help?lang=en&q=two-factor')).json();
    expect(found.data[0].slug).toBe('sign-in-2fa');
    const article = (await o.get('sam', '/api/uni/help/reports?lang=fr')).json();
    expect(article.data).toMatchObject({ slug: 'reports', lang: 'fr', title: 'Rapports' });
    expect((await o.get('sam', '/api/uni/help/no-such-page')).statusCode).toBe(404);
    expect((await o.get('sam', '/api/uni/help/..%2Fsecret')).statusCode).toBe(400);
  });
});
