import { ExpressionError, FORBIDDEN_KEYS, LIMITS, unknownNameError, type Node } from './ast';
import { FUNCTIONS } from './functions';

type Tok = { t: 'num' | 'str' | 'id' | 'op' | 'field' | 'eof'; v: string; pos: number };

const OPS = [
  '<=',
  '>=',
  '<>',
  '!=',
  '==',
  '&&',
  '||',
  '+',
  '-',
  '*',
  '/',
  '^',
  '%',
  '&',
  '=',
  '<',
  '>',
  '!',
  '(',
  ')',
  ',',
  '[',
  ']',
  '.',
];

function tokenize(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const start = i;
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(src[i + 1] ?? ''))) {
      while (i < src.length && /[0-9.]/.test(src[i]!)) i++;
      if (/[eE]/.test(src[i] ?? '') && /[-+0-9]/.test(src[i + 1] ?? '')) {
        i += 2;
        while (i < src.length && /[0-9]/.test(src[i]!)) i++;
      }
      out.push({ t: 'num', v: src.slice(start, i), pos: start });
    } else if (c === '"' || c === "'") {
      let s = '';
      i++;
      while (i < src.length && src[i] !== c) {
        if (src[i] === '\\' && i + 1 < src.length) i++;
        s += src[i];
        i++;
      }
      if (i >= src.length) throw new ExpressionError('Unterminated string', start);
      i++;
      out.push({ t: 'str', v: s, pos: start });
    } else if (c === '{') {
      const end = src.indexOf('}', i);
      if (end < 0) throw new ExpressionError('Unterminated {field} reference', start);
      out.push({ t: 'field', v: src.slice(i + 1, end).trim(), pos: start });
      i = end + 1;
    } else if (/[A-Za-z_$\u00C0-\uFFFF]/.test(c)) {
      while (i < src.length && /[A-Za-z0-9_$\u00C0-\uFFFF]/.test(src[i]!)) i++;
      out.push({ t: 'id', v: src.slice(start, i), pos: start });
    } else {
      const op = OPS.find((o) => src.startsWith(o, i));
      if (!op) throw new ExpressionError(`Unexpected character '${c}'`, i);
      out.push({ t: 'op', v: op, pos: i });
      i += op.length;
    }
  }
  out.push({ t: 'eof', v: '', pos: src.length });
  return out;
}

/** Binding power of binary operators (higher binds tighter). */
const BP: Record<string, number> = {
  '||': 1,
  or: 1,
  '&&': 2,
  and: 2,
  '=': 3,
  '==': 3,
  '!=': 3,
  '<>': 3,
  '<': 4,
  '<=': 4,
  '>': 4,
  '>=': 4,
  '&': 5,
  '+': 6,
  '-': 6,
  '*': 7,
  '/': 7,
  '%': 7,
  '^': 8,
};
const NORMAL: Record<string, string> = { or: '||', and: '&&', '==': '=', '<>': '!=' };

/** Pratt parser; depth is bounded so hostile nesting cannot exhaust the stack. */
export function parse(src: string): Node {
  if (typeof src !== 'string') throw new ExpressionError('Expression must be text');
  if (src.length > LIMITS.maxSource)
    throw new ExpressionError(`Expression is longer than ${LIMITS.maxSource} characters`);
  const toks = tokenize(src);
  let p = 0;
  const peek = () => toks[p]!;
  const next = () => toks[p++]!;
  const expect = (v: string) => {
    const t = next();
    if (t.v !== v || t.t !== 'op') throw new ExpressionError(`Expected '${v}'`, t.pos);
  };

  function expr(minBp: number, depth: number): Node {
    if (depth > LIMITS.maxDepth) throw new ExpressionError('Expression is nested too deeply', peek().pos);
    let left = prefix(depth);
    for (;;) {
      const t = peek();
      const low = t.v.toLowerCase();
      const key = t.t === 'op' ? t.v : t.t === 'id' && (low === 'and' || low === 'or') ? low : '';
      const bp = BP[key];
      if (bp === undefined || bp <= minBp) break;
      next();
      // '^' is right-associative; everything else associates to the left.
      const right = expr(key === '^' ? bp - 1 : bp, depth + 1);
      left = { k: 'bin', op: NORMAL[key] ?? key, left, right };
    }
    return left;
  }

  function postfix(node: Node, depth: number): Node {
    while (peek().t === 'op' && peek().v === '.') {
      next();
      const id = next();
      if (id.t !== 'id') throw new ExpressionError('Expected a property name', id.pos);
      if (FORBIDDEN_KEYS.has(id.v)) throw unknownNameError(id.v, id.pos);
      if (node.k !== 'ref') throw new ExpressionError('Only field references have properties', id.pos);
      node = { k: 'ref', path: [...node.path, id.v] };
      if (depth > LIMITS.maxDepth) throw new ExpressionError('Expression is nested too deeply', id.pos);
    }
    return node;
  }

  function prefix(depth: number): Node {
    const t = next();
    if (t.t === 'num') {
      const v = Number(t.v);
      if (!Number.isFinite(v)) throw new ExpressionError(`Bad number '${t.v}'`, t.pos);
      return { k: 'num', v };
    }
    if (t.t === 'str') return { k: 'str', v: t.v };
    if (t.t === 'field') {
      if (!t.v) throw new ExpressionError(`Bad field reference '{${t.v}}'`, t.pos);
      if (FORBIDDEN_KEYS.has(t.v)) throw unknownNameError(t.v, t.pos);
      return postfix({ k: 'ref', path: [t.v] }, depth);
    }
    if (t.t === 'op') {
      if (t.v === '(') {
        const inner = expr(0, depth + 1);
        expect(')');
        return inner;
      }
      if (t.v === '-' || t.v === '!') return { k: 'un', op: t.v, arg: expr(9, depth + 1) };
      if (t.v === '+') return expr(9, depth + 1);
      if (t.v === '[') {
        const items: Node[] = [];
        if (!(peek().t === 'op' && peek().v === ']')) {
          do items.push(expr(0, depth + 1));
          while (peek().v === ',' && next());
        }
        expect(']');
        return { k: 'arr', items };
      }
    }
    if (t.t === 'id') {
      const low = t.v.toLowerCase();
      if (peek().t === 'op' && peek().v === '(') {
        // Only the allow-listed functions exist; TOSTRING or HASOWNPROPERTY is an unknown name, not a lookup.
        if (!Object.hasOwn(FUNCTIONS, t.v.toUpperCase())) throw unknownNameError(t.v, t.pos);
        next();
        const args: Node[] = [];
        if (!(peek().t === 'op' && peek().v === ')')) {
          do args.push(expr(0, depth + 1));
          while (peek().v === ',' && next());
        }
        expect(')');
        return { k: 'call', name: t.v.toUpperCase(), args };
      }
      if (low === 'true' || low === 'false') return { k: 'bool', v: low === 'true' };
      if (low === 'null') return { k: 'null' };
      if (low === 'not') return { k: 'un', op: '!', arg: expr(9, depth + 1) };
      if (FORBIDDEN_KEYS.has(t.v)) throw unknownNameError(t.v, t.pos);
      return postfix({ k: 'ref', path: [t.v] }, depth);
    }
    throw new ExpressionError(t.t === 'eof' ? 'Unexpected end of expression' : `Unexpected '${t.v}'`, t.pos);
  }

  const ast = expr(0, 0);
  if (peek().t !== 'eof') throw new ExpressionError(`Unexpected '${peek().v}'`, peek().pos);
  return ast;
}
