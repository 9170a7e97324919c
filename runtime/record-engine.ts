import type { CompiledDefinition } from './compile';

export interface ChangeResult {
  values: Record<string, unknown>;
  /** Formula fields that were evaluated, in order. */
  recomputed: string[];
  /** Fields whose rules read the changed field. */
  rulesAffected: string[];
  formulaErrors: Record<string, string>;
}

/**
 * Applies one change (or, with no field, computes everything for a fresh record): only the formulas that depend
 * on the changed field run, and only rules that read it are flagged. No schema is compiled here.
 */
export function applyChange(
  c: CompiledDefinition,
  values: Record<string, unknown>,
  field?: string,
  value?: unknown,
): ChangeResult {
  const base = field === undefined ? values : { ...values, [field]: value };
  const recomputed = field === undefined ? c.graph.order : c.graph.affected(field);
  const { values: out, errors } = c.graph.recompute(base, field);
  const dependents = (f: string) => (Object.hasOwn(c.ruleDependents, f) ? c.ruleDependents[f]! : []);
  const rulesAffected = field === undefined ? [] : [...new Set([field, ...recomputed].flatMap(dependents))];
  return { values: out, recomputed, rulesAffected, formulaErrors: errors };
}

/** Default values of a new record: each field's `value`, then every formula. */
export function initialValues(c: CompiledDefinition): Record<string, unknown> {
  const v: Record<string, unknown> = {};
  for (const name of c.order) {
    const d = c.fields[name]!.def.value;
    if (d !== undefined) v[name] = d;
  }
  return applyChange(c, v).values;
}
