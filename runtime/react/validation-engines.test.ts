import { describe, expect, it } from 'vitest';
import { fieldRegistry } from '../registry';
import { compileSchema as ajvCompile } from '../ajv';
import { compileSchema, needsAjv } from './validation-engines';

const values = [
  undefined,
  null,
  '',
  'abc',
  'x'.repeat(41),
  '😀'.repeat(40),
  0,
  1.5,
  -3,
  42,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  [],
  ['a', 'b'],
  [1, 2, 3],
  {},
  { a: 1 },
];

describe('the web build stand-in for ajv', () => {
  it('gives ajv’s verdict on every plain schema it takes, and leaves the others to ajv', () => {
    const schemas: object[] = [
      { type: 'string', maxLength: 40 },
      { type: 'string', minLength: 2 },
      { type: ['number', 'null'], minimum: 0, maximum: 10 },
      { type: 'integer', exclusiveMinimum: -5, exclusiveMaximum: 50 },
      { type: 'boolean' },
      { type: 'array', items: { type: 'string' }, maxItems: 2, minItems: 1 },
      { enum: ['a', 'abc', 1.5, null] },
      { anyOf: [{ type: 'string', maxLength: 3 }, { type: 'null' }] },
      {},
    ];
    // Every field type's value schema with its default settings, as the record form builds them.
    for (const m of Object.values(fieldRegistry)) schemas.push(m.valueSchema(m.defaultConfig as never) as object);
    let plain = 0;
    for (const schema of schemas) {
      if (needsAjv(schema)) continue;
      plain++;
      const ours = compileSchema(schema);
      const theirs = ajvCompile(schema);
      for (const v of values) expect(ours(v), `${JSON.stringify(schema)} on ${String(v)}`).toBe(theirs(v));
    }
    expect(plain).toBeGreaterThan(9);
    expect(needsAjv({ type: 'string', pattern: '^a' })).toBe(true);
    expect(needsAjv({ type: 'string', format: 'email' })).toBe(true);
    expect(needsAjv({ type: 'object', properties: { a: { type: 'string' } } })).toBe(true);
  });

  it('refuses to guess when a schema needs ajv and ajv is not loaded', () => {
    expect(() => compileSchema({ type: 'string', format: 'date' })).toThrow(/not loaded/);
  });
});
