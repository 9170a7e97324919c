import type { FieldDefinition, FieldRule, ModuleDefinition } from '../schemas/module-definition';
import { DEFAULT_COLUMN_WIDTH, moduleDefinitionSchema } from '../schemas/module-definition';
import { compileSchema } from './ajv';
import { compileExpression, type CompiledExpression } from './expressions';
import { FormulaGraph } from './expressions/graph';
import { FILTER_OPERATORS } from './expressions/operators';
import type { FieldManifest, FieldRegistry, JsonSchema } from './plugin-contract';
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

function ruleDeps(rule: FieldRule, expr?: CompiledExpression): string[] {
  if (expr) return expr.deps;
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
  const fields: Record<string, CompiledField> = {};
  const order: string[] = [];
  const formulas: Record<string, CompiledExpression> = {};
  const properties: Record<string, JsonSchema> = {};

  for (const group of def.fieldGroups ?? []) {
    for (const row of group.rows ?? []) {
      for (const f of row.fields ?? []) {
        const manifest = registry[f.fieldType];
        if (!manifest) {
          errors.push({ field: f.name, message: `Unknown field type '${f.fieldType}'` });
          continue;
        }
        if (fields[f.name] || SYSTEM_FIELDS.some((s) => s.name === f.name)) {
          errors.push({ field: f.name, message: `The field name '${f.name}' is used twice` });
          continue;
        }
        const config = { ...(manifest.defaultConfig as Record<string, unknown>), ...(f.config ?? {}) };
        const configOk = checkShape ? compileSchema(manifest.configSchema) : undefined;
        if (configOk && !configOk(config))
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
        if (f.formula) {
          try {
            formulas[f.name] = compileExpression(f.formula);
          } catch (err) {
            errors.push({ field: f.name, message: `${f.label}: formula error: ${(err as Error).message}` });
          }
        } else if (manifest.uiHints?.computed) {
          errors.push({ field: f.name, message: `${f.label}: a calculated field needs a formula` });
        }
        if (f.regex) {
          try {
            new RegExp(f.regex, 'u');
          } catch {
            errors.push({ field: f.name, message: `${f.label}: the pattern is not a valid regular expression` });
          }
        }
        const rules = (f.rules ?? []).map((rule) => {
          let expr: CompiledExpression | undefined;
          if (rule.expression) {
            try {
              expr = compileExpression(rule.expression);
            } catch (err) {
              errors.push({ field: f.name, message: `${f.label}: rule error: ${(err as Error).message}` });
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
          return { rule, expr, deps: ruleDeps(rule, expr) };
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

  const known = new Set([...order, ...SYSTEM_FIELDS.map((s) => s.name)]);
  const ruleDependents: Record<string, string[]> = {};
  for (const name of order) {
    for (const r of fields[name]!.rules) {
      for (const d of r.deps) {
        if (!known.has(d))
          errors.push({ field: name, message: `${fields[name]!.label}: a rule refers to the unknown field '${d}'` });
        const list = (ruleDependents[d] ??= []);
        if (!list.includes(name)) list.push(name);
      }
    }
    for (const d of formulas[name]?.deps ?? []) {
      if (!known.has(d))
        errors.push({ field: name, message: `${fields[name]!.label}: the formula refers to the unknown field '${d}'` });
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
