import { afterAll, describe, expect, it } from 'vitest';
import { compileExpression, evaluateExpression, ExpressionError } from './index';
import { FormulaGraph } from './graph';
import { applyOperator } from './operators';
import { VERDICTS } from './verdicts';

describe('expression evaluator', () => {
  it.each(VERDICTS)('$expr → $expected', ({ expr, scope, expected }) => {
    expect(evaluateExpression(expr, scope)).toEqual(expected);
  });

  it('reports syntax errors with their position', () => {
    try {
      compileExpression('1 + * 2');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ExpressionError);
      expect((err as ExpressionError).pos).toBe(4);
    }
  });

  it('lists the fields an expression reads', () => {
    expect(compileExpression('IF(a > 1, b.c, {Long Name})').deps.sort()).toEqual(['Long Name', 'a', 'b']);
  });

  it('evaluates TODAY against the given clock', () => {
    expect(evaluateExpression('TODAY()', {}, { now: new Date('2026-11-22T10:00:00Z') })).toBe('2026-11-22');
  });

  it('turns division by zero into an error, not Infinity', () => {
    expect(() => evaluateExpression('1/0', {})).toThrow(/DIV\/0/);
  });

  it('knows only the allow-listed functions and refuses prototype names when it compiles', () => {
    const unknown = (src: string) => {
      try {
        compileExpression(src);
      } catch (err) {
        return err instanceof ExpressionError ? err.unknownName : 'not an ExpressionError';
      }
      return undefined;
    };
    expect(unknown('hasOwnProperty(1)')).toBe('hasOwnProperty');
    expect(unknown('toString()')).toBe('toString');
    expect(unknown('x.constructor')).toBe('constructor');
    expect(unknown('{__proto__}')).toBe('__proto__');
    expect(unknown('round(1.5, 0)')).toBeUndefined();
  });
});

describe('expression evaluator against escape attempts', () => {
  const hostile = [
    "constructor.constructor('return process')()",
    'toString.constructor("return this")()',
    '__proto__.polluted',
    '{__proto__}',
    'x.__proto__',
    'x.constructor.prototype',
    '[].constructor',
    '`${process.exit()}`',
    'process.exit()',
    'globalThis',
    'this',
    'require("fs")',
    'x["constructor"]',
    'x["__proto__"]["polluted"]',
    '{constructor}',
    '{__proto__}.polluted',
    'CONSTRUCTOR()',
    'TOSTRING()',
    'HASOWNPROPERTY("a")',
    '__PROTO__()',
    'VALUEOF()',
    'LOWER.constructor',
    'x.a.constructor.constructor("return process")()',
    'IF(1, constructor, 0)',
    'x.valueOf',
    'x.toString',
  ];
  const snapshot = () =>
    [Object.prototype, Function.prototype, Array.prototype, String.prototype].map((p) =>
      Object.getOwnPropertyNames(p).sort().join(),
    );
  const before = snapshot();
  afterAll(() => {
    // Nothing any payload did may have touched the built-in prototypes.
    expect(snapshot()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
  it.each(hostile)('%s cannot reach anything outside the data', (expr) => {
    let result: unknown;
    try {
      result = evaluateExpression(expr, { x: { a: 1 } });
    } catch (err) {
      expect(err).toBeInstanceOf(ExpressionError);
      return;
    }
    expect(result === null || typeof result !== 'function').toBe(true);
    expect(typeof result).not.toBe('function');
    expect(result).toBeNull();
  });

  it('ignores __proto__ keys in the data and leaves Object.prototype untouched', () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const scope = JSON.parse('{"__proto__": {"polluted": "yes"}, "a": {"__proto__": {"polluted": "yes"}}}');
    expect(evaluateExpression('a.polluted', scope)).toBeNull();
    expect(evaluateExpression('polluted', scope)).toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
  });

  it('stops deep nesting in the parser instead of overflowing the stack', () => {
    expect(() => compileExpression('('.repeat(100_000) + '1' + ')'.repeat(100_000))).toThrow(ExpressionError);
    expect(() => compileExpression('-'.repeat(5000) + '1')).toThrow(ExpressionError);
    expect(() => compileExpression('1+'.repeat(6000) + '1')).toThrow(ExpressionError);
  });

  it('keeps template and escape tricks inside string literals as inert text', () => {
    expect(evaluateExpression('"${process.exit()}"', {})).toBe('${process.exit()}');
    expect(evaluateExpression('"\\u0063onstructor"', {})).toBe('u0063onstructor');
    expect(evaluateExpression('CONCAT("con", "structor")', { x: {} })).toBe('constructor');
  });

  it('copies deeply nested or cyclic data without overflowing, and reads no getters or functions', () => {
    let deep: Record<string, unknown> = { v: 1 };
    for (let i = 0; i < 50_000; i++) deep = { n: deep };
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    let read = false;
    const sneaky = {
      get g() {
        read = true;
        return 1;
      },
      f: () => 1,
    };
    expect(evaluateExpression('n.n.n.n', { n: deep })).not.toBeUndefined();
    expect(evaluateExpression('c.self.self.a', { c: cyclic })).toBe(1);
    expect(evaluateExpression('s.f', { s: sneaky })).toBeNull();
    expect(read).toBe(true); // a getter on plain input data is read once while copying, never called by the expression
  });

  it('enforces the step limit and the wall-clock deadline', () => {
    const heavy = `SUM([${Array.from({ length: 400 }, () => 'LEN(REPT("ab", 50))').join(',')}])`;
    expect(() => compileExpression(heavy).evaluate({})).not.toThrow();
    expect(() => compileExpression(heavy).evaluate({}, { maxSteps: 1000 })).toThrow(/steps/);
    expect(() =>
      compileExpression(`REPT("x", 10) & ${'LEN("a") + '.repeat(900)}1`).evaluate({}, { maxSteps: 500 }),
    ).toThrow(/steps/);
    const loop = `SUM([${Array.from({ length: 1500 }, () => '1+1').join(',')}])`;
    expect(() => compileExpression(loop).evaluate({}, { maxSteps: 1e9, deadlineMs: -1 })).toThrow(/too long/);
  });

  it('caps string growth, source length and steps', () => {
    expect(() => evaluateExpression('REPT("x", 2000000)', {})).toThrow(/longer than/);
    expect(() => evaluateExpression('REPT(s, 600000) & REPT(s, 600000)', { s: 'y' })).toThrow(/longer than/);
    expect(() => compileExpression('1'.repeat(20_000))).toThrow(/longer than/);
    const wide = `SUM([${Array.from({ length: 150 }, () => '1+1+1+1+1').join(',')}])`;
    expect(() => compileExpression(wide).evaluate({}, { maxSteps: 500 })).toThrow(/steps/);
  });
});

describe('formula graph', () => {
  const f = (s: string) => compileExpression(s);
  it('orders formulas by dependency and recomputes only what a change affects', () => {
    const g = new FormulaGraph({
      total: f('net + tax'),
      tax: f('net * 0.2'),
      net: f('qty * price'),
      label: f('UPPER(name)'),
    });
    expect(g.cycles).toEqual([]);
    expect(g.order.indexOf('net')).toBeLessThan(g.order.indexOf('tax'));
    expect(g.order.indexOf('tax')).toBeLessThan(g.order.indexOf('total'));
    expect(g.affected('qty')).toEqual(['net', 'tax', 'total']);
    expect(g.affected('name')).toEqual(['label']);
    const { values } = g.recompute({ qty: 2, price: 50, name: 'x' });
    expect(values).toMatchObject({ net: 100, tax: 20, total: 120, label: 'X' });
    const again = g.recompute(values, 'name');
    expect(again.values).toBe(values);
  });

  it('reports cycles instead of looping', () => {
    const g = new FormulaGraph({ a: f('b + 1'), b: f('c + 1'), c: f('a + 1'), d: f('1') });
    expect(g.cycles.length).toBe(1);
    expect(new Set(g.cycles[0])).toEqual(new Set(['a', 'b', 'c']));
    expect(g.recompute({}).values.d).toBe(1);
  });
});

describe('filter operators', () => {
  it.each([
    ['eq', 5, '5', true],
    ['neq', 'a', 'b', true],
    ['isnull', null, undefined, true],
    ['isnotnull', 0, undefined, true],
    ['lt', 3, 10, true],
    ['lte', '2026-01-01', '2026-01-01', true],
    ['gt', 'b', 'a', true],
    ['gte', 1, 2, false],
    ['startswith', 'Invoice 7', 'inv', true],
    ['endswith', 'report.pdf', '.PDF', true],
    ['contains', 'abc', 'B', true],
    ['doesnotcontain', 'abc', 'z', true],
    ['minlength', 'abc', 3, true],
    ['maxlength', 'abcd', 3, false],
    ['partof', 'red', ['red', 'blue'], true],
    ['notpartof', 'red', 'green, blue', true],
    ['isempty', [], undefined, true],
    ['isnotempty', { a: 1 }, undefined, true],
    ['isin', ['x', 'y'], ['y'], true],
  ] as const)('%s(%j, %j) is %s', (op, l, r, want) => {
    expect(applyOperator(op, l, r)).toBe(want);
  });
});
