import { ExpressionError, type Node } from './ast';
import { evaluateAst, toData, type EvalOptions } from './evaluate';
import { truthy, type Value } from './functions';
import { parse } from './parser';

export { ExpressionError, truthy, type EvalOptions, type Value };
export { FUNCTION_NAMES } from './functions';

export interface CompiledExpression {
  source: string;
  /** Top-level field names the expression reads. */
  deps: string[];
  evaluate(scope: Record<string, unknown>, opts?: EvalOptions): unknown;
}

function collectDeps(n: Node, out: Set<string>) {
  switch (n.k) {
    case 'ref':
      out.add(n.path[0]!);
      break;
    case 'arr':
      n.items.forEach((i) => collectDeps(i, out));
      break;
    case 'un':
      collectDeps(n.arg, out);
      break;
    case 'bin':
      collectDeps(n.left, out);
      collectDeps(n.right, out);
      break;
    case 'call':
      n.args.forEach((a) => collectDeps(a, out));
      break;
    default:
      break;
  }
}

const cache = new Map<string, CompiledExpression>();

/**
 * Parses once (cached by source) into an AST that a small interpreter walks over null-prototype copies of the
 * data. No eval, Function or vm anywhere: the evaluator can only do what its node kinds and allow-listed
 * functions do, within step, depth, size and time limits.
 */
export function compileExpression(source: string): CompiledExpression {
  const hit = cache.get(source);
  if (hit) return hit;
  const ast = parse(source);
  const deps = new Set<string>();
  collectDeps(ast, deps);
  const compiled: CompiledExpression = {
    source,
    deps: [...deps],
    evaluate: (scope, opts) => evaluateAst(ast, toData(scope), opts),
  };
  if (cache.size > 5000) cache.clear();
  cache.set(source, compiled);
  return compiled;
}

export function evaluateExpression(source: string, scope: Record<string, unknown>, opts?: EvalOptions): unknown {
  return compileExpression(source).evaluate(scope, opts);
}
