/** Expression syntax tree. Plain data, so it can be cached and walked without closures. */
export type Node =
  | { k: 'num'; v: number }
  | { k: 'str'; v: string }
  | { k: 'bool'; v: boolean }
  | { k: 'null' }
  | { k: 'ref'; path: string[] }
  | { k: 'arr'; items: Node[] }
  | { k: 'un'; op: '-' | '!'; arg: Node }
  | { k: 'bin'; op: string; left: Node; right: Node }
  | { k: 'call'; name: string; args: Node[] };

export class ExpressionError extends Error {
  constructor(
    message: string,
    readonly pos?: number,
    /** Set when the expression names something that is neither a field nor an allow-listed function. */
    readonly unknownName?: string,
  ) {
    super(message);
    this.name = 'ExpressionError';
  }
}

export const unknownNameError = (name: string, pos?: number) => new ExpressionError(`Unknown name ${name}`, pos, name);

export const LIMITS = {
  maxSource: 10_000,
  maxDepth: 200,
  maxSteps: 100_000,
  maxString: 1_000_000,
  maxArray: 100_000,
} as const;

/** Property names that are never readable, whatever the data holds. */
export const FORBIDDEN_KEYS = new Set([
  '__proto__',
  'constructor',
  'prototype',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
]);
