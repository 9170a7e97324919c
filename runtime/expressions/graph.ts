import type { CompiledExpression } from './index';

/**
 * The dependency graph of calculated fields: evaluation order, cycles (reported, never looped), and the
 * formulas a change to one field must recompute (transitively, in order).
 */
export class FormulaGraph {
  readonly order: string[] = [];
  readonly cycles: string[][] = [];
  private readonly dependents = new Map<string, Set<string>>();

  constructor(readonly formulas: Record<string, CompiledExpression>) {
    for (const [field, f] of Object.entries(formulas)) {
      for (const d of f.deps) {
        if (!this.dependents.has(d)) this.dependents.set(d, new Set());
        this.dependents.get(d)!.add(field);
      }
    }
    const state = new Map<string, 'visiting' | 'done'>();
    const stack: string[] = [];
    const visit = (field: string) => {
      const s = state.get(field);
      if (s === 'done') return;
      if (s === 'visiting') {
        this.cycles.push([...stack.slice(stack.indexOf(field)), field]);
        return;
      }
      state.set(field, 'visiting');
      stack.push(field);
      for (const d of formulas[field]!.deps) if (Object.hasOwn(formulas, d)) visit(d);
      stack.pop();
      state.set(field, 'done');
      this.order.push(field);
    };
    for (const f of Object.keys(formulas)) visit(f);
  }

  /** Formula fields to recompute after `changed` changes, in evaluation order. */
  affected(changed: string): string[] {
    const hit = new Set<string>();
    const walk = (f: string) => {
      for (const d of this.dependents.get(f) ?? [])
        if (!hit.has(d)) {
          hit.add(d);
          walk(d);
        }
    };
    walk(changed);
    return this.order.filter((f) => hit.has(f));
  }

  /**
   * Recomputes the affected formulas (all of them when `changed` is omitted). A formula that fails evaluates to
   * null and its error is returned, so one bad formula does not block the form. Unchanged values keep identity.
   */
  recompute(
    values: Record<string, unknown>,
    changed?: string,
    now?: Date,
  ): { values: Record<string, unknown>; errors: Record<string, string> } {
    const targets = changed === undefined ? this.order : this.affected(changed);
    const cyclic = new Set(this.cycles.flat());
    let out = values;
    const errors: Record<string, string> = {};
    for (const f of targets) {
      if (cyclic.has(f)) continue;
      let v: unknown;
      try {
        v = this.formulas[f]!.evaluate(out, { now, maxSteps: 20_000 });
      } catch (err) {
        v = null;
        errors[f] = err instanceof Error ? err.message : String(err);
      }
      if (out[f] !== v) out = out === values ? { ...values, [f]: v } : Object.assign(out, { [f]: v });
    }
    return { values: out, errors };
  }
}
