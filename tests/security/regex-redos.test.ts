import { describe, expect, it } from 'vitest';
import { compileDefinition } from '../../runtime/compile.js';
import { fieldRegistry } from '../../runtime/registry.js';
import { validateRecord } from '../../runtime/validation.js';
import type { ModuleDefinition } from '../../schemas/module-definition.js';
import { designerApp } from '../support/designer-app.js';
import { testDialects } from '../support/databases.js';

const E = '/api/form/Editor';
/** Exponential on a backtracking engine: 31 'a's and a '!' took about 20 s of one core. */
const EVIL = '^(a+)+$';

const withPattern = (regex: string): ModuleDefinition => ({
  display_name: 'Patterns',
  fieldGroups: [
    {
      id: 'g',
      label: 'G',
      rows: [
        {
          fields: [
            { name: 'code', label: 'Code', fieldType: 'text', regex, config: { maxLength: 4000 } },
            { name: 'note', label: 'Note', fieldType: 'text' },
          ],
        },
      ],
    },
  ],
});

/**
 * A designer's pattern runs on RE2 (linear time) in the server and the browser alike, so a catastrophic pattern
 * answers at once with a validation message; patterns RE2 cannot run (back-references, look-around) are refused
 * when the draft is saved, with the field named.
 */
describe.each(await testDialects())('regular-expression denial of service on %s', (dialect) => {
  const app = designerApp(dialect, 'Patterns');
  const post = app.post;
  const timed = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
    const started = performance.now();
    const out = await fn();
    return [out, performance.now() - started];
  };

  it('publishes a field with ^(a+)+$ and answers a hostile value at once with a validation message', async () => {
    const saved = await post(`${E}/SaveForm?id=${app.moduleId}`, { module: withPattern(EVIL) });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await post(`${E}/publish?id=${app.moduleId}`, {});
    expect(published.json(), published.body).toMatchObject({ success: true });

    for (const value of [`${'a'.repeat(31)}!`, `${'a'.repeat(3999)}!`]) {
      const [res, ms] = await timed(() =>
        post('/api/EntryModule/save', { moduleId: app.moduleId, data: { code: value } }),
      );
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ success: false, message: 'Code is not valid' });
      expect(ms).toBeLessThan(1000);
    }
    // The browser's verdict is the same, from the same code, just as fast.
    const c = compileDefinition(withPattern(EVIL), fieldRegistry);
    const [issues, ms] = await timed(async () =>
      validateRecord(c, { code: `${'a'.repeat(31)}!` }, {}, { draft: true }),
    );
    expect(issues).toEqual([{ field: 'code', message: 'Code is not valid' }]);
    expect(ms).toBeLessThan(1000);
  });

  it('stays responsive while hostile values arrive, and still accepts a matching value', async () => {
    const hostile = Array.from({ length: 20 }, () =>
      post('/api/EntryModule/save', { moduleId: app.moduleId, data: { code: `${'a'.repeat(40)}!` } }),
    );
    const [health, ms] = await timed(() => app.t.app.inject({ url: '/healthz' }));
    expect(health.statusCode).toBe(200);
    expect(ms).toBeLessThan(1000);
    for (const res of await Promise.all(hostile)) expect(res.statusCode).toBe(422);
    const ok = await post('/api/EntryModule/save', { moduleId: app.moduleId, data: { code: 'a'.repeat(31) } });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it.each([
    ['(a)\\1', /^Code: the pattern is not supported: back-references/],
    ['(?<x>a)\\k<x>', /^Code: the pattern is not supported: back-references/],
    ['^(?=a)a$', /^Code: the pattern is not supported: look-ahead and look-behind/],
    ['(?<!x)a', /^Code: the pattern is not supported: look-ahead and look-behind/],
    ['([', /^Code: the pattern is not a valid regular expression/],
  ])('refuses the pattern %s at save with 400, naming the field', async (regex, message) => {
    const res = await post(`${E}/SaveForm?id=${app.moduleId}`, { module: withPattern(regex) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(message) });
  });
});
