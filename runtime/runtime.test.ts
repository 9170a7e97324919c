import { describe, expect, it } from 'vitest';
import { leaveRequest, twoStepApproval } from '../tests/fixtures/definitions';
import type { ModuleDefinition } from '../schemas/module-definition';
import { compileDefinition } from './compile';
import { checkWrite, redactRecord, resolvePermissions } from './permissions';
import { fieldRegistry } from './registry';
import { applyChange } from './record-engine';
import { validateRecord } from './validation';

const c = compileDefinition(leaveRequest, fieldRegistry);
const good = {
  full_name: 'Ada Lovelace',
  email: 'ada@example.com',
  kind: 'annual',
  start: '2026-12-01',
  end: '2026-12-03',
  employee_no: 42,
  terms: true,
  daily_rate: 100,
};

describe('compiling a definition', () => {
  it('compiles the leave request without errors, memoized', () => {
    expect(c.errors).toEqual([]);
    expect(compileDefinition(leaveRequest, fieldRegistry)).toBe(c);
    expect(c.order).toContain('cost');
    expect(c.fields.full_name!.columnWidth).toBe(6);
    expect(c.fields.kind!.columnWidth).toBe(4);
  });

  it('reports unknown types, duplicate names, bad formulas and cycles', () => {
    const bad: ModuleDefinition = {
      display_name: 'Bad',
      fieldGroups: [
        {
          id: 'g',
          label: 'G',
          rows: [
            {
              fields: [
                { name: 'a', label: 'A', fieldType: 'hologram' },
                { name: 'b', label: 'B', fieldType: 'calculation-number', formula: 'c + 1' },
                { name: 'c', label: 'C', fieldType: 'calculation-number', formula: 'b + 1' },
                { name: 'd', label: 'D', fieldType: 'calculation-text', formula: 'CONCAT(' },
                { name: 'b', label: 'B2', fieldType: 'text' },
              ],
            },
          ],
        },
      ],
    };
    const messages = compileDefinition(bad, fieldRegistry).errors.map((e) => e.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        "Unknown field type 'hologram'",
        "The field name 'b' is used twice",
        expect.stringMatching(/^D: formula error/),
        expect.stringMatching(/^Formula cycle: /),
      ]),
    );
  });
});

describe('names in formulas and rules', () => {
  const withFormula = (
    formula: string,
    extra: Partial<ModuleDefinition['fieldGroups'][number]['rows'][number]['fields'][number]> = {},
  ): ModuleDefinition => ({
    display_name: 'Names',
    fieldGroups: [
      {
        id: 'g',
        label: 'G',
        rows: [
          {
            fields: [
              { name: 'amount', label: 'Amount', fieldType: 'number', ...extra },
              { name: 'total', label: 'Total', fieldType: 'calculation-number', formula },
            ],
          },
        ],
      },
    ],
  });
  const refused = (def: ModuleDefinition) =>
    compileDefinition(def, fieldRegistry)
      .errors.filter((e) => e.blocksSave)
      .map((e) => e.message);

  it.each([
    ['toString', 'toString'],
    ['valueOf', 'valueOf'],
    ['hasOwnProperty(1)', 'hasOwnProperty'],
    ['constructor', 'constructor'],
    ['__proto__', '__proto__'],
    ['constructor.constructor', 'constructor'],
    ['{__proto__}', '__proto__'],
    ['amount + isPrototypeOf', 'isPrototypeOf'],
    ['TOSTRING(amount)', 'TOSTRING'],
    ['amount + missing', 'missing'],
  ])('refuses the formula %s as an unknown name, so not even a draft keeps it', (formula, name) => {
    expect(refused(withFormula(formula))).toEqual([`Unknown name ${name} in the formula of Total`]);
  });

  it('refuses unknown names in rule expressions, prototype names as field names, and never throws', () => {
    expect(refused(withFormula('amount', { rules: [{ kind: 'visible', expression: 'toString = 1' }] }))).toEqual([
      'Unknown name toString in a rule of Amount',
    ]);
    expect(refused(withFormula('1', { name: 'toString' }))).toEqual(["The field name 'toString' is reserved"]);
    expect(refused(withFormula('1', { fieldType: 'constructor' }))).toEqual([]);
    expect(compileDefinition(withFormula('1', { fieldType: 'constructor' }), fieldRegistry).errors[0]!.message).toBe(
      "Unknown field type 'constructor'",
    );
    // A structured rule comparing a prototype name reads nothing from Object.prototype (a warning, not a crash).
    const when = withFormula('amount', {
      rules: [{ kind: 'validate', when: { field: 'toString', operator: 'isnull', type: 'literal' }, message: 'No' }],
    });
    const compiled = compileDefinition(when, fieldRegistry);
    expect(compiled.errors.map((e) => e.message)).toEqual(["Amount: a rule refers to the unknown field 'toString'"]);
    expect(validateRecord(compiled, { amount: 3 })).toEqual([]);
    expect(applyChange(compiled, { amount: 3 }, 'amount', 4).values).toMatchObject({ amount: 4, total: 4 });
  });

  it('keeps own fields, system fields and allow-listed functions, and evaluates them', () => {
    const ok = compileDefinition(withFormula('ROUND(amount * 2, 0) + LEN(created_by)'), fieldRegistry);
    expect(ok.errors).toEqual([]);
    expect(applyChange(ok, { amount: 1.2, created_by: 'ab' }).values.total).toBe(4);
  });
});

describe('field patterns run on RE2 (linear time)', () => {
  const withRegex = (regex: string): ModuleDefinition => ({
    display_name: 'Patterns',
    fieldGroups: [
      { id: 'g', label: 'G', rows: [{ fields: [{ name: 'code', label: 'Code', fieldType: 'text', regex }] }] },
    ],
  });

  it('answers ^(a+)+$ on a hostile value at once, with the invalid message', () => {
    const compiled = compileDefinition(withRegex('^(a+)+$'), fieldRegistry);
    expect(compiled.errors).toEqual([]);
    const started = performance.now();
    expect(validateRecord(compiled, { code: `${'a'.repeat(200)}!` })).toEqual([
      { field: 'code', message: 'Code is not valid' },
    ]);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(validateRecord(compiled, { code: 'aaa' })).toEqual([]);
  });

  it('refuses back-references and look-around when the definition is compiled, naming the field', () => {
    const problems = (regex: string) =>
      compileDefinition(withRegex(regex), fieldRegistry).errors.map((e) => [e.message, e.blocksSave]);
    expect(problems('(a)\\1')).toEqual([
      [expect.stringMatching(/^Code: the pattern is not supported: back-references/), true],
    ]);
    expect(problems('a(?=b)')).toEqual([
      [expect.stringMatching(/^Code: the pattern is not supported: look-ahead/), true],
    ]);
    expect(problems('([')).toEqual([
      [expect.stringMatching(/^Code: the pattern is not a valid regular expression/), true],
    ]);
  });
});

describe('validating a record (browser and server share this)', () => {
  it('accepts a complete record', () => {
    expect(validateRecord(c, applyChange(c, good).values)).toEqual([]);
  });

  it('uses the spec messages word for word', () => {
    const issues = validateRecord(c, {
      ...good,
      full_name: ' 1x',
      email: 'nope',
      employee_no: 4.5,
      terms: false,
      end: '2026-11-01',
    });
    const byField = Object.fromEntries(issues.map((i) => [i.field, i.message]));
    expect(byField.full_name).toBe('Cannot start with a space');
    expect(byField.email).toBe('Email is not valid');
    expect(byField.employee_no).toBe('The field should have digits only');
    expect(byField.terms).toBe('I accept the terms is required');
    expect(byField.end).toBe('End must be on or after the start');
    const more = validateRecord(c, { ...good, full_name: 'Ada@Home' });
    expect(more).toEqual([{ field: 'full_name', message: 'Cannot contain special characters' }]);
    expect(validateRecord(c, { ...good, full_name: '9lives' })[0]!.message).toBe('Cannot start with a number');
    expect(validateRecord(c, { ...good, full_name: 'x'.repeat(41) })[0]!.message).toBe('Cannot exceed 40 characters');
    expect(validateRecord(c, { ...good, secret: 'abc' })[0]!.message).toBe('Minimum 4 characters');
  });

  it('requires a conditionally visible field only when it shows', () => {
    expect(validateRecord(c, { ...good, kind: 'sick' })).toEqual([
      { field: 'doctor_note', message: 'Doctor note is required' },
    ]);
    expect(validateRecord(c, { ...good, kind: 'annual' })).toEqual([]);
  });

  it('skips the text rules for values that look like dates, times or JSON', () => {
    expect(validateRecord(c, { ...good, full_name: '2026-11-22' })).toEqual([]);
    expect(validateRecord(c, { ...good, full_name: '{"a":1}' })).toEqual([]);
  });
});

describe('conditional rules', () => {
  const ruled: ModuleDefinition = {
    display_name: 'Rules',
    fieldGroups: [
      {
        id: 'g',
        label: 'G',
        rows: [
          {
            fields: [
              { name: 'age', label: 'Age', fieldType: 'number' },
              { name: 'limit', label: 'Limit', fieldType: 'number', value: 65 },
              {
                name: 'guardian',
                label: 'Guardian',
                fieldType: 'text',
                required: true,
                rules: [{ kind: 'visible', expression: 'age < 18' }],
              },
              {
                name: 'retire',
                label: 'Retire',
                fieldType: 'text',
                rules: [
                  {
                    kind: 'validate',
                    when: { field: 'age', operator: 'lte', value: 'limit', type: 'Field' },
                    message: 'Too old for this plan',
                  },
                  { kind: 'validate', expression: 'LEN(retire) >= 3', message: 'Say a little more' },
                ],
              },
            ],
          },
        ],
      },
    ],
  };
  const rc = compileDefinition(ruled, fieldRegistry);

  it('shows a field by an expression and validates by field comparison or expression, with custom errors', () => {
    expect(rc.errors).toEqual([]);
    expect(validateRecord(rc, { age: 12, limit: 65 })).toEqual([
      { field: 'guardian', message: 'Guardian is required' },
    ]);
    expect(validateRecord(rc, { age: 30, limit: 65 })).toEqual([]);
    expect(validateRecord(rc, { age: 70, limit: 65, retire: 'soon' })).toEqual([
      { field: 'retire', message: 'Too old for this plan' },
    ]);
    expect(validateRecord(rc, { age: 40, limit: 65, retire: 'no' })).toEqual([
      { field: 'retire', message: 'Say a little more' },
    ]);
    expect(rc.ruleDependents.age).toEqual(['guardian', 'retire']);
  });

  it('reports unknown operators and rules without a condition at compile time', () => {
    const bad = structuredClone(ruled);
    bad.fieldGroups[0]!.rows[0]!.fields[3]!.rules = [
      { kind: 'validate', when: { field: 'age', operator: 'sortof', value: 1, type: 'literal' } },
      { kind: 'visible' },
    ];
    expect(compileDefinition(bad, fieldRegistry).errors.map((e) => e.message)).toEqual([
      "Retire: a rule uses the unknown operator 'sortof'",
      'Retire: a rule needs a condition',
    ]);
  });
});

describe('recomputing on change', () => {
  it('recomputes only the formulas that depend on the changed field', () => {
    const first = applyChange(c, good);
    expect(first.values).toMatchObject({ days: 3, cost: 300, summary: 'Ada Lovelace — 3 days', long_leave: false });
    const next = applyChange(c, first.values, 'daily_rate', 150);
    expect(next.recomputed).toEqual(['cost']);
    expect(next.values.cost).toBe(450);
    expect(applyChange(c, first.values, 'kind', 'sick').rulesAffected).toEqual(['doctor_note']);
  });
});

describe('per-step permissions', () => {
  it('resolves defaults, step overrides and group caps', () => {
    const start = resolvePermissions(leaveRequest, twoStepApproval, 'fs-start', fieldRegistry);
    expect(start.full_name).toBe('editable');
    expect(start.cost).toBe('readonly');
    expect(start.reference).toBe('readonly');
    const manager = resolvePermissions(leaveRequest, twoStepApproval, 'manager', fieldRegistry);
    expect(manager.full_name).toBe('readonly');
    expect(manager.secret).toBe('hidden');
    expect(manager.notes).toBe('editable');
    const done = resolvePermissions(leaveRequest, twoStepApproval, 'fs-complete', fieldRegistry);
    expect(Object.values(done).every((a) => a !== 'editable')).toBe(true);
  });

  it('strips hidden fields and refuses writes to read-only ones', () => {
    const manager = resolvePermissions(leaveRequest, twoStepApproval, 'manager', fieldRegistry);
    expect(redactRecord({ secret: 'x', notes: 'y' }, manager)).toEqual({ notes: 'y' });
    const labels = Object.fromEntries(c.order.map((n) => [n, c.fields[n]!.label]));
    expect(checkWrite({ full_name: 'Ada' }, { full_name: 'Eve', notes: 'ok' }, manager, labels)).toEqual([
      { field: 'full_name', message: 'Field Full name cannot be changed at this step' },
    ]);
  });
});
