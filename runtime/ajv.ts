import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** One ajv setup for the runtime and the server: strict schemas, every error, formats. */
export function createAjv(): Ajv {
  const ajv = new Ajv({ strict: true, allErrors: true, allowUnionTypes: true, useDefaults: false });
  addFormats(ajv);
  return ajv;
}

let shared: Ajv | undefined;
export const sharedAjv = () => (shared ??= createAjv());

const compiled = new Map<string, ValidateFunction>();
/** Compiles a schema once per distinct schema text (value schemas are rebuilt from config, so identity varies). */
export function compileSchema(schema: object): ValidateFunction {
  const key = JSON.stringify(schema);
  let v = compiled.get(key);
  if (!v) {
    if (compiled.size > 2000) compiled.clear();
    v = sharedAjv().compile(schema);
    compiled.set(key, v);
  }
  return v;
}
