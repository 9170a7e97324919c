import type { ModuleDefinition } from '../../schemas/module-definition';
import type { CompiledDefinition } from '../compile';

/**
 * The web build's stand-in for runtime/ajv.ts and runtime/safe-regex.ts where runtime/compile.ts and
 * runtime/validation.ts import them (vite.config.ts redirects those two imports here). ajv (37 KiB gzipped) and re2js
 * (49 KiB) load only when a form needs them: a field with a pattern, or a value schema with a keyword the small
 * checker below does not know (format, pattern, …). Verdicts stay the server's: the checker covers only keywords
 * whose meaning is plain, exactly as ajv reads them, and anything else waits for ajv itself (`loadValidationEngines`).
 */

type AjvModule = typeof import('../ajv');
type RegexModule = typeof import('../safe-regex');
type Check = ((value: unknown) => boolean) & { errors?: null };

let ajvModule: AjvModule | undefined;
let regexModule: RegexModule | undefined;
let loading: Promise<void> | undefined;

/** Loads ajv and the RE2 patterns (ajv's `pattern` runs on RE2 too); once, and again after a failed load. */
export function loadValidationEngines(): Promise<void> {
  loading ??= Promise.all([import('../ajv'), import('../safe-regex')]).then(
    ([a, r]) => {
      ajvModule = a;
      regexModule = r;
    },
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

export const validationEnginesLoaded = (): boolean => !!ajvModule && !!regexModule;

const notLoaded = () => new Error('The validation engines are not loaded (call loadValidationEngines first)');

const TYPES: Record<string, (v: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  // ajv in strict mode: numbers are finite.
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  integer: (v) => typeof v === 'number' && Number.isFinite(v) && !(v % 1),
  boolean: (v) => typeof v === 'boolean',
  null: (v) => v === null,
  array: (v) => Array.isArray(v),
  object: (v) => !!v && typeof v === 'object' && !Array.isArray(v),
};
const isNum = (v: unknown): v is number => typeof v === 'number';
/** ajv counts a string's length in code points, not UTF-16 units. */
const codePoints = (s: string) => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};
const ANNOTATIONS = new Set(['title', 'description', '$comment', 'default', 'examples']);

/** A check for schemas made only of plain keywords, or undefined when ajv is needed. */
function plainCheck(schema: unknown): ((v: unknown) => boolean) | undefined {
  if (schema === true || (schema && typeof schema === 'object' && Object.keys(schema).length === 0)) return () => true;
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return undefined;
  const checks: ((v: unknown) => boolean)[] = [];
  for (const [key, arg] of Object.entries(schema as Record<string, unknown>)) {
    if (ANNOTATIONS.has(key)) continue;
    switch (key) {
      case 'type': {
        const list = Array.isArray(arg) ? arg : [arg];
        if (!list.every((t) => typeof t === 'string' && Object.hasOwn(TYPES, t))) return undefined;
        const tests = list.map((t: string) => TYPES[t]!);
        checks.push((v) => tests.some((t) => t(v)));
        break;
      }
      case 'maxLength':
      case 'minLength': {
        if (!isNum(arg)) return undefined;
        const max = key === 'maxLength';
        checks.push((v) => typeof v !== 'string' || (max ? codePoints(v) <= arg : codePoints(v) >= arg));
        break;
      }
      case 'minimum':
      case 'maximum':
      case 'exclusiveMinimum':
      case 'exclusiveMaximum': {
        if (!isNum(arg)) return undefined;
        const test = {
          minimum: (v: number) => v >= arg,
          maximum: (v: number) => v <= arg,
          exclusiveMinimum: (v: number) => v > arg,
          exclusiveMaximum: (v: number) => v < arg,
        }[key];
        checks.push((v) => !isNum(v) || test(v));
        break;
      }
      case 'maxItems':
      case 'minItems': {
        if (!isNum(arg)) return undefined;
        const max = key === 'maxItems';
        checks.push((v) => !Array.isArray(v) || (max ? v.length <= arg : v.length >= arg));
        break;
      }
      case 'enum': {
        // Only plain values: ajv compares objects deeply.
        if (!Array.isArray(arg) || arg.some((x) => x !== null && typeof x === 'object')) return undefined;
        checks.push((v) => arg.some((x) => x === v));
        break;
      }
      case 'items': {
        const item = plainCheck(arg);
        if (!item || Array.isArray(arg)) return undefined;
        checks.push((v) => !Array.isArray(v) || v.every(item));
        break;
      }
      case 'anyOf': {
        if (!Array.isArray(arg) || !arg.length) return undefined;
        const parts = arg.map(plainCheck);
        if (parts.some((p) => !p)) return undefined;
        checks.push((v) => parts.some((p) => p!(v)));
        break;
      }
      default:
        return undefined;
    }
  }
  return (v) => checks.every((c) => c(v));
}

const plainChecks = new WeakMap<object, Check | null>();

/** Whether a schema needs ajv (it has a keyword the plain check does not cover). */
export function needsAjv(schema: object): boolean {
  let c = plainChecks.get(schema);
  if (c === undefined) {
    const p = plainCheck(schema);
    c = p ? Object.assign((v: unknown) => p(v), { errors: null }) : null;
    plainChecks.set(schema, c);
  }
  return !c;
}

/** runtime/ajv.ts's compileSchema: ajv once it is loaded, else the plain check (which must cover the schema). */
export function compileSchema(schema: object): Check {
  if (ajvModule) return ajvModule.compileSchema(schema) as Check;
  if (needsAjv(schema)) throw notLoaded();
  return plainChecks.get(schema)!;
}

export function patternProblem(source: string, flags = ''): string | undefined {
  if (!regexModule) throw notLoaded();
  return regexModule.patternProblem(source, flags);
}

export function matchesPattern(source: string, text: string, flags = ''): boolean {
  if (!regexModule) throw notLoaded();
  return regexModule.matchesPattern(source, text, flags);
}

/** Whether compiling this definition for a form needs the engines first (a field with its own pattern). */
export const definitionNeedsEngines = (def: ModuleDefinition): boolean =>
  (def.fieldGroups ?? []).some((g) => (g.rows ?? []).some((r) => (r.fields ?? []).some((f) => !!f.regex)));

/** Whether checking this form's values needs the engines: a pattern, or a value schema beyond the plain check. */
export const formNeedsEngines = (c: CompiledDefinition): boolean =>
  Object.values(c.fields).some((f) => !!f.def.regex || needsAjv(f.valueSchema));
