import type { FastifyInstance, FastifySchema, FastifySchemaValidationError, preValidationHookHandler } from 'fastify';
import type { ValidateFunction } from 'ajv';
import sjson from 'secure-json-parse';
import { createAjv } from '../../../runtime/ajv.js';
import { addRouteHook } from './route-hooks.js';
import { HttpError } from './errors.js';

/** JSON nested deeper than this is refused before any handler (or schema) walks it. */
export const MAX_JSON_DEPTH = 64;

/**
 * Route validation with the runtime's ajv setup: bodies strictly (no coercion), text parts (query string, path
 * parameters, headers) coerced to their schema's types. Messages name the field: "moduleId is required.",
 * "length must be <= 1000".
 */
export function installValidation(app: FastifyInstance): void {
  const strict = createAjv({ allErrors: false });
  const coercing = createAjv({ allErrors: false, coerceTypes: 'array' });
  const compiled = new WeakMap<object, ValidateFunction>();
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? strict : coercing;
    let v = compiled.get(schema);
    if (!v) {
      v = ajv.compile(schema);
      compiled.set(schema, v);
    }
    return v;
  });
  app.setSchemaErrorFormatter((errors, dataVar) => new HttpError(400, validationMessage(errors, dataVar)));
  // A route that declares a body gets {} when none was sent, so "x is required" names the missing field.
  addRouteHook(app, (route) => {
    if (!(route.schema as FastifySchema | undefined)?.body) return undefined;
    const hook: preValidationHookHandler = (req, _reply, done) => {
      if (req.body === undefined || req.body === null) req.body = {};
      done();
    };
    return hook;
  }, 'preValidation');
  installDepthLimitedJson(app);
}

export function validationMessage(errors: FastifySchemaValidationError[], dataVar: string): string {
  const e = errors[0];
  if (!e) return 'Invalid request.';
  const path = (e.instancePath || '').split('/').filter(Boolean).join('.');
  const params = e.params as Record<string, unknown>;
  if (e.keyword === 'required') {
    const field = [path, params.missingProperty].filter(Boolean).join('.');
    return `${field} is required.`;
  }
  if (e.keyword === 'additionalProperties') return `${[path, params.additionalProperty].filter(Boolean).join('.')} is not allowed.`;
  if (e.keyword === 'const' || e.keyword === 'enum') {
    const allowed = (params.allowedValues as unknown[] | undefined) ?? [params.allowedValue];
    return `${path || dataVar} must be one of ${allowed.map((x) => JSON.stringify(x)).join(', ')}.`;
  }
  return `${path || dataVar} ${e.message ?? 'is not valid'}.`;
}

/** JSON bodies are parsed only after a linear scan shows they nest no deeper than MAX_JSON_DEPTH. */
function installDepthLimitedJson(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = body as string;
    if (text === '') return done(Object.assign(new Error('empty'), { statusCode: 400, code: 'FST_ERR_CTP_EMPTY_JSON_BODY' }), undefined);
    if (jsonDepth(text) > MAX_JSON_DEPTH)
      return done(new HttpError(400, `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`), undefined);
    try {
      done(null, sjson.parse(text, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      done(Object.assign(new Error('bad json'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }), undefined);
    }
  });
}

/** Deepest nesting of brackets outside strings; stops counting once past the limit. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) {
        max = depth;
        if (max > MAX_JSON_DEPTH) return max;
      }
    } else if (c === 125 || c === 93) depth--;
  }
  return max;
}
