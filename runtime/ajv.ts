import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { ajvRegExpEngine } from './safe-regex';

export interface AjvOptions {
  /** Request parts that arrive as text (query string, path parameters) are coerced to the schema's types. */
  coerceTypes?: 'array';
  /** Every error (designer feedback) or the first (request validation, cheaper). */
  allErrors?: boolean;
}

/**
 * One ajv setup for the runtime, the designers and the server's route validation: strict schemas, formats,
 * linear-time patterns. The record runtime reports every error; routes stop at the first and coerce text parts.
 */
export function createAjv(opts: AjvOptions = {}): Ajv {
  const ajv = new Ajv({
    strict: true,
    allErrors: opts.allErrors ?? true,
    allowUnionTypes: true,
    useDefaults: false,
    coerceTypes: opts.coerceTypes ?? false,
    // Schema `pattern` keywords run on RE2 (linear time), like every other pattern (runtime/safe-regex.ts).
    code: { regExp: ajvRegExpEngine },
  });
  addFormats(ajv);
  return ajv;
}

let shared: Ajv | undefined;
export const sharedAjv = () => (shared ??= createAjv());

const compiled = new Map<string, ValidateFunction>();
const byObject = new WeakMap<object, ValidateFunction>();
/**
 * Compiles a schema once per distinct schema text (value schemas are rebuilt from config, so identity varies);
 * the same object is found again without serializing it. Schemas are never mutated once made.
 */
export function compileSchema(schema: object): ValidateFunction {
  const same = byObject.get(schema);
  if (same) return same;
  const key = JSON.stringify(schema);
  let v = compiled.get(key);
  if (!v) {
    if (compiled.size > 2000) compiled.clear();
    v = sharedAjv().compile(schema);
    compiled.set(key, v);
  }
  byObject.set(schema, v);
  return v;
}
