import { describe, expect, it } from 'vitest';
import { designerApp } from '../support/designer-app.js';
import { testDialects } from '../support/databases.js';

const E = '/api/form/Editor';

/** A draft whose calculated field 'total' has the given formula, next to one ordinary field 'amount'. */
const withFormula = (formula: string) => ({
  display_name: 'Prototype names',
  fieldGroups: [
    {
      id: 'g',
      label: 'G',
      rows: [
        {
          fields: [
            { name: 'amount', label: 'Amount', fieldType: 'number' },
            { name: 'total', label: 'Total', fieldType: 'calculation-number', formula },
          ],
        },
      ],
    },
  ],
});

/**
 * Formula names resolve only against the module's own fields and the allow-listed functions: names that exist on
 * every JavaScript object (toString, constructor, __proto__, hasOwnProperty, valueOf) are unknown names, refused at
 * save with a message, never a 500.
 */
describe.each(await testDialects())('formula names from the prototype on %s', (dialect) => {
  const app = designerApp(dialect, 'Prototype names');
  const post = app.post;
  const save = (formula: string) => post(`${E}/SaveForm?id=${app.moduleId}`, { module: withFormula(formula) });

  it.each([
    ['toString', /Unknown name toString in the formula of Total/],
    ['valueOf', /Unknown name valueOf in the formula of Total/],
    ['hasOwnProperty(1)', /Unknown name hasOwnProperty in the formula of Total/],
    ['constructor', /Unknown name constructor in the formula of Total/],
    ['__proto__', /Unknown name __proto__ in the formula of Total/],
    ['constructor.constructor', /Unknown name constructor in the formula of Total/],
    ['amount + toString', /Unknown name toString in the formula of Total/],
    ['{constructor}', /Unknown name constructor in the formula of Total/],
  ])('refuses the formula %s at save with 400 and a message', async (formula, message) => {
    const res = await save(formula);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(message) });
  });

  it('still saves and publishes a formula over the own fields and allow-listed functions', async () => {
    const ok = await save('ROUND(amount * 2, 0)');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.warnings).toEqual([]);
    const published = await post(`${E}/publish?id=${app.moduleId}`, {});
    expect(published.json(), published.body).toMatchObject({ success: true });
  });

  it('refuses a rule expression that reads a prototype name as well', async () => {
    const def = withFormula('amount');
    const amount = def.fieldGroups[0]!.rows[0]!.fields[0]! as Record<string, unknown>;
    amount.rules = [{ kind: 'validate', expression: 'toString = 1', message: 'No' }];
    const res = await post(`${E}/SaveForm?id=${app.moduleId}`, { module: def });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/Unknown name toString in a rule of Amount/);
  });
});
