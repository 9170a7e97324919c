import { ExpressionError, FORBIDDEN_KEYS, LIMITS, unknownNameError, type Node } from './ast';
import { FUNCTIONS, checkString, num, str, truthy, type Value } from './functions';

export interface EvalOptions {
  maxSteps?: number;
  /** Wall-clock budget in milliseconds. */
  deadlineMs?: number;
  now?: Date;
}

/**
 * Copies data into null-prototype objects of plain values only: no functions, getters, class instances or
 * prototype links reach the interpreter, so no expression can climb to Object.prototype.
 */
export function toData(v: unknown, depth = 0): Value {
  if (depth > 32) return null;
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return v.slice(0, LIMITS.maxArray).map((x) => toData(x, depth + 1));
  if (typeof v === 'object') {
    const out = Object.create(null) as Record<string, Value>;
    for (const k of Object.keys(v))
      if (!FORBIDDEN_KEYS.has(k)) out[k] = toData((v as Record<string, unknown>)[k], depth + 1);
    return out;
  }
  return null;
}

function compare(op: string, a: Value, b: Value): boolean {
  const bothNum =
    (typeof a === 'number' || (typeof a === 'string' && a.trim() !== '' && Number.isFinite(Number(a)))) &&
    (typeof b === 'number' || (typeof b === 'string' && b.trim() !== '' && Number.isFinite(Number(b))));
  const x: number | string = bothNum ? num(a) : str(a);
  const y: number | string = bothNum ? num(b) : str(b);
  switch (op) {
    case '=':
      return a === null || b === null ? (a ?? '') === (b ?? '') || x === y : x === y;
    case '!=':
      return !compare('=', a, b);
    case '<':
      return x < y;
    case '<=':
      return x <= y;
    case '>':
      return x > y;
    default:
      return x >= y;
  }
}

export function evaluateAst(ast: Node, scope: Value, opts: EvalOptions = {}): Value {
  const maxSteps = opts.maxSteps ?? LIMITS.maxSteps;
  const deadline = opts.deadlineMs ? Date.now() + opts.deadlineMs : Infinity;
  const ctx = { now: opts.now ?? new Date() };
  let steps = 0;

  const read = (path: string[]): Value => {
    let cur: Value = scope;
    for (const key of path) {
      if (FORBIDDEN_KEYS.has(key) || cur === null || typeof cur !== 'object' || Array.isArray(cur)) return null;
      cur = Object.hasOwn(cur, key) ? (cur[key] ?? null) : null;
    }
    return cur;
  };

  const run = (n: Node): Value => {
    if (++steps > maxSteps) throw new ExpressionError(`Expression took more than ${maxSteps} steps`);
    if ((steps & 1023) === 0 && Date.now() > deadline) throw new ExpressionError('Expression took too long');
    switch (n.k) {
      case 'num':
      case 'str':
      case 'bool':
        return n.v;
      case 'null':
        return null;
      case 'ref':
        return read(n.path);
      case 'arr':
        return n.items.map(run);
      case 'un': {
        const v = run(n.arg);
        return n.op === '-' ? -num(v) : !truthy(v);
      }
      case 'call': {
        const fn = Object.hasOwn(FUNCTIONS, n.name) ? FUNCTIONS[n.name] : undefined;
        if (!fn) throw unknownNameError(n.name);
        // IF and IFS evaluate only the branch they take.
        if (n.name === 'IF') {
          const [cond, then, otherwise] = n.args;
          if (truthy(cond ? run(cond) : null)) return then ? run(then) : true;
          return otherwise ? run(otherwise) : false;
        }
        return fn(n.args.map(run), ctx);
      }
      case 'bin': {
        if (n.op === '&&') return truthy(run(n.left)) && truthy(run(n.right));
        if (n.op === '||') return truthy(run(n.left)) || truthy(run(n.right));
        const a = run(n.left);
        const b = run(n.right);
        switch (n.op) {
          case '+':
            return num(a) + num(b);
          case '-':
            return num(a) - num(b);
          case '*':
            return num(a) * num(b);
          case '/': {
            const d = num(b);
            if (d === 0) throw new ExpressionError('#DIV/0! division by zero');
            return num(a) / d;
          }
          case '%':
            return FUNCTIONS.MOD!([a, b], ctx);
          case '^':
            return num(a) ** num(b);
          case '&':
            return checkString(str(a) + str(b));
          default:
            return compare(n.op, a, b);
        }
      }
    }
  };
  const out = run(ast);
  if (typeof out === 'number' && !Number.isFinite(out))
    throw new ExpressionError('#NUM! result is not a finite number');
  return out;
}
