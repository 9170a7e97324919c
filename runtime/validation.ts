import type { FieldRule } from '../schemas/module-definition';
import { compileSchema } from './ajv';
import type { CompiledDefinition, CompiledField } from './compile';
import { truthy } from './expressions';
import { applyOperator, FILTER_OPERATORS, type FilterOperator } from './expressions/operators';
import type { Access, Issue } from './permissions';
import { matchesPattern } from './safe-regex';
import { isEmptyValue, looksStructured } from './text-rules';

export const requiredMessage = (label: string) => `${label} is required`;
export const invalidMessage = (label: string) => `${label} is not valid`;

/** Whether a rule's condition holds for the record. A rule that cannot be evaluated counts as not holding. */
export function ruleHolds(
  r: { rule: FieldRule; expr?: { evaluate(s: Record<string, unknown>, o?: object): unknown } },
  data: Record<string, unknown>,
): boolean {
  try {
    if (r.expr) return truthy(r.expr.evaluate(data, { maxSteps: 20_000 }) as never);
    const w = r.rule.when;
    if (!w || !(FILTER_OPERATORS as readonly string[]).includes(w.operator)) return true;
    // Only the record's own values: a field name never finds something on Object.prototype.
    const own = (name: string) => (Object.hasOwn(data, name) ? data[name] : undefined);
    const right = w.type === 'Field' ? own(String(w.value)) : w.value;
    return applyOperator(w.operator as FilterOperator, own(w.field), right);
  } catch {
    return false;
  }
}

/** A field is shown when its step access is not hidden and every visibility rule holds. */
export function isVisible(f: CompiledField, data: Record<string, unknown>, access?: Access): boolean {
  if (access === 'hidden') return false;
  return f.rules.every((r) => r.rule.kind !== 'visible' || ruleHolds(r, data));
}

export function fieldEmpty(f: CompiledField, v: unknown): boolean {
  return f.manifest.isEmpty ? f.manifest.isEmpty(v) : isEmptyValue(v);
}

/** The problems of one field's value, in the order the user should fix them. */
export function validateField(
  f: CompiledField,
  data: Record<string, unknown>,
  access?: Access,
  skipRequired = false,
): string[] {
  // Computed values are the designer's responsibility, not something the user can fix in the form.
  if (!isVisible(f, data, access) || f.manifest.uiHints?.noValue || f.manifest.uiHints?.computed) return [];
  const v = Object.hasOwn(data, f.def.name) ? data[f.def.name] : undefined;
  if (fieldEmpty(f, v))
    return f.def.required && !skipRequired && !f.manifest.uiHints?.computed && !f.manifest.uiHints?.serverAssigned
      ? [requiredMessage(f.label)]
      : [];
  // The plugin's own messages are more precise than the schema's verdict ('Maximum 40 characters'), so they win.
  const own = f.manifest.validate?.(v, f.config as never) ?? [];
  if (!compileSchema(f.valueSchema)(v)) return own.length ? own : [invalidMessage(f.label)];
  if (own.length) return own;
  if (f.def.regex && typeof v === 'string' && !looksStructured(v)) {
    try {
      // RE2 (linear time): a pattern like ^(a+)+$ cannot stall the browser or the server on any value.
      if (!matchesPattern(f.def.regex, v)) return [invalidMessage(f.label)];
    } catch {
      return [invalidMessage(f.label)];
    }
  }
  for (const r of f.rules)
    if (r.rule.kind === 'validate' && !ruleHolds(r, data)) return [r.rule.message || invalidMessage(f.label)];
  return [];
}

/**
 * Validates a whole record exactly as the browser does; the server calls this before every save and action.
 * Hidden fields (by step or by rule) are neither required nor checked; a draft may leave required fields empty.
 */
export function validateRecord(
  c: CompiledDefinition,
  data: Record<string, unknown>,
  access: Record<string, Access> = {},
  opts: { draft?: boolean } = {},
): Issue[] {
  const issues: Issue[] = [];
  for (const name of c.order)
    for (const message of validateField(c.fields[name]!, data, access[name], opts.draft))
      issues.push({ field: name, message });
  return issues;
}
