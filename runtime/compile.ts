import type { FieldDefinition, FieldRule, ModuleDefinition } from '../schemas/module-definition';
import { DEFAULT_COLUMN_WIDTH, moduleDefinitionSchema } from '../schemas/module-definition';
import { compileSchema } from './ajv';
import { compileExpression, ExpressionError, type CompiledExpression } from './expressions';
import { FORBIDDEN_KEYS } from './expressions/ast';
import { FormulaGraph } from './expressions/graph';
import { FILTER_OPERATORS } from './expressions/operators';
import type { FieldManifest, FieldRegistry, JsonSchema } from './plugin-contract';
import { patternProblem } from './safe-regex';
import { SYSTEM_FIELDS } from './system-fields';

export interface CompiledField {
  def: FieldDefinition;
  manifest: FieldManifest<object>;
  config: Record<string, unknown>;
  groupId: string;
  label: string;
  columnWidth: number;
  valueSchema: JsonSchema;
  rules: { rule: FieldRule; expr?: CompiledExpression; deps: string[] }[];
}

export interface CompileError {
  field?: string;
  message: string;
  /**
   * Not even a draft may keep this: the definition names something that is neither a field nor an allow-listed
   * function, or holds a pattern that cannot run in linear time. Other problems only block publishing.
   */
  blocksSave?: true;
}

/** Names every JavaScript object answers to; a field may not take them (lookups by name would find the built-in). */
const PROTOTYPE_NAMES = new Set([...Object.getOwnPropertyNames(Object.prototype), ...FORBIDDEN_KEYS]);

/** A map from names to values with no prototype, so no name finds a built-in. */
const dict = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

/** The field-level message for an expression that failed to compile. */
function expressionProblem(err: unknown, where: string, label: string): Omit<CompileError, 'field'> {
  if (err instanceof ExpressionError && err.unknownName !== undefined)
    return { message: `Unknown name ${err.unknownName} in ${where} of ${label}`, blocksSave: true };
  return { message: `${label}: ${where === 'the formula' ? 'formula' : 'rule'} error: ${(err as Error).message}` };
}

export interface CompiledDefinition {
  def: ModuleDefinition;
  fields: Record<string, CompiledField>;
  order: string[];
  formulas: Record<string, CompiledExpression>;
  graph: FormulaGraph;
  /** For each field, the fields whose rules read it (their visibility or validity may change with it). */
  ruleDependents: Record<string, string[]>;
  /** JSON Schema of a record's data. */
  schema: JsonSchema;
  errors: CompileError[];
}

const cache = new WeakMap<ModuleDefinition, WeakMap<FieldRegistry, CompiledDefinition>>();
const trustedCache = new WeakMap<ModuleDefinition, WeakMap<FieldRegistry, CompiledDefinition>>();

export interface CompileOptions {
  /**
   * The server already checked this definition's shape and field settings on save, so the renderer may skip
   * those checks: compiling their schemas costs more than the rest of the form. Formulas and rules still compile.
   */
  serverChecked?: boolean;
}

/** The fields a structured rule (`when`) compares. */
function whenDeps(rule: FieldRule): string[] {
  if (!rule.when) return [];
  return rule.when.type === 'Field' && typeof rule.when.value === 'string'
    ? [rule.when.field, rule.when.value]
    : [rule.when.field];
}

/**
 * Turns a module definition into what the renderer and the server need: per-field plugin, config, value schema,
 * compiled formulas and rules, and a list of problems. Pure, and memoized per definition object, so nothing is
 * compiled again on a keystroke.
 */
export function compileDefinition(
  def: ModuleDefinition,
  registry: FieldRegistry,
  opts: CompileOptions = {},
): CompiledDefinition {
  const checkShape = !opts.serverChecked;
  const store = checkShape ? cache : trustedCache;
  const hit = store.get(def)?.get(registry) ?? (checkShape ? undefined : cache.get(def)?.get(registry));
  if (hit) return hit;
  const errors: CompileError[] = [];
  if (checkShape) {
    const shape = compileSchema(moduleDefinitionSchema);
    if (!shape(def)) {
      for (const e of shape.errors ?? []) errors.push({ message: `Definition ${e.instancePath || '/'} ${e.message}` });
    }
  }
  const fields = dict<CompiledField>();
  const order: string[] = [];
  const formulas = dict<CompiledExpression>();
  const properties = dict<JsonSchema>();

  for (const group of def.fieldGroups ?? []) {
    for (const row of group.rows ?? []) {
      for (const f of row.fields ?? []) {
        const manifest = Object.hasOwn(registry, f.fieldType) ? registry[f.fieldType] : undefined;
        if (!manifest) {
          errors.push({ field: f.name, message: `Unknown field type '${f.fieldType}'` });
          continue;
        }
        if (PROTOTYPE_NAMES.has(f.name)) {
          errors.push({ field: f.name, message: `The field name '${f.name}' is reserved`, blocksSave: true });
          continue;
        }
        if (Object.hasOwn(fields, f.name) || SYSTEM_FIELDS.some((s) => s.name === f.name)) {
          errors.push({ field: f.name, message: `The field name '${f.name}' is used twice` });
          continue;
        }
        const config = { ...(manifest.defaultConfig as Record<string, unknown>), ...(f.config ?? {}) };
        const configOk = checkShape ? compileSchema(manifest.configSchema) : undefined;
        const configValid = !configOk || configOk(config);
        if (configOk && !configValid)
          errors.push({
            field: f.name,
            message: `${f.label}: settings are not valid (${configOk.errors?.[0]?.message ?? ''})`,
          });
        let valueSchema: JsonSchema = {};
        try {
          valueSchema = manifest.valueSchema(config as never);
        } catch {
          errors.push({ field: f.name, message: `${f.label}: settings are not valid` });
        }
        // A value schema built from valid settings may carry a pattern: it must compile (on RE2) to be kept.
        if (checkShape && configValid) {
          try {
            compileSchema(valueSchema);
          } catch (err) {
            errors.push({ field: f.name, message: `${f.label}: ${(err as Error).message}`, blocksSave: true });
          }
        }
        if (f.formula) {
          try {
            formulas[f.name] = compileExpression(f.formula);
          } catch (err) {
            errors.push({ field: f.name, ...expressionProblem(err, 'the formula', f.label) });
          }
        } else if (manifest.uiHints?.computed) {
          errors.push({ field: f.name, message: `${f.label}: a calculated field needs a formula` });
        }
        if (f.regex) {
          const problem = patternProblem(f.regex);
          if (problem) errors.push({ field: f.name, message: `${f.label}: ${problem}`, blocksSave: true });
        }
        const rules = (f.rules ?? []).map((rule) => {
          let expr: CompiledExpression | undefined;
          if (rule.expression) {
            try {
              expr = compileExpression(rule.expression);
            } catch (err) {
              errors.push({ field: f.name, ...expressionProblem(err, 'a rule', f.label) });
            }
          }
          if (rule.when && !(FILTER_OPERATORS as readonly string[]).includes(rule.when.operator)) {
            errors.push({
              field: f.name,
              message: `${f.label}: a rule uses the unknown operator '${rule.when.operator}'`,
            });
          }
          if (!rule.when && !rule.expression)
            errors.push({ field: f.name, message: `${f.label}: a rule needs a condition` });
          return { rule, expr, deps: expr ? expr.deps : whenDeps(rule) };
        });
        fields[f.name] = {
          def: f,
          manifest,
          config,
          groupId: group.id,
          label: f.label || f.name,
          columnWidth: Math.min(12, Math.max(1, f.columnWidth ?? DEFAULT_COLUMN_WIDTH)),
          valueSchema,
          rules,
        };
        order.push(f.name);
        if (!manifest.uiHints?.noValue) properties[f.name] = { anyOf: [valueSchema, { type: 'null' }] };
      }
    }
  }

  // Expressions name only the module's own fields (and system fields); anything else is an unknown name.
  const known = new Set([...order, ...SYSTEM_FIELDS.map((s) => s.name)]);
  const ruleDependents = dict<string[]>();
  for (const name of order) {
    const label = fields[name]!.label;
    for (const r of fields[name]!.rules) {
      for (const d of r.deps) {
        if (!known.has(d))
          errors.push(
            r.expr
              ? { field: name, message: `Unknown name ${d} in a rule of ${label}`, blocksSave: true }
              : { field: name, message: `${label}: a rule refers to the unknown field '${d}'` },
          );
        const list = (ruleDependents[d] ??= []);
        if (!list.includes(name)) list.push(name);
      }
    }
    for (const d of Object.hasOwn(formulas, name) ? formulas[name]!.deps : []) {
      if (!known.has(d))
        errors.push({ field: name, message: `Unknown name ${d} in the formula of ${label}`, blocksSave: true });
    }
  }
  const graph = new FormulaGraph(formulas);
  for (const cycle of graph.cycles) errors.push({ field: cycle[0], message: `Formula cycle: ${cycle.join(' → ')}` });

  const compiled: CompiledDefinition = {
    def,
    fields,
    order,
    formulas,
    graph,
    ruleDependents,
    schema: { type: 'object', properties, additionalProperties: true },
    errors,
  };
  let perDef = store.get(def);
  if (!perDef) store.set(def, (perDef = new WeakMap()));
  perDef.set(registry, compiled);
  return compiled;
}
