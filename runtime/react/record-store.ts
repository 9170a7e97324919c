import type { CompiledDefinition } from '../compile';
import type { Access } from '../permissions';
import { applyChange } from '../record-engine';
import { isVisible, validateField } from '../validation';

/** What one field needs to draw itself; a new object only when one of these changed. */
export interface FieldSnapshot {
  value: unknown;
  access: Access;
  visible: boolean;
  /** The first problem, once the field was touched or a check was asked for. */
  error?: string;
  disabled: boolean;
  /** The value cannot be changed (read-only step or field), whether or not the widget stays usable. */
  readOnly: boolean;
}

/**
 * The record being edited, outside React: each field subscribes to its own entry, so a keystroke re-renders the
 * field typed into plus the formulas and rules that read it, never the whole form (rjsf would redraw every field).
 */
export class RecordStore {
  values: Record<string, unknown>;
  private errors: Record<string, string[]> = {};
  private touched = new Set<string>();
  private showAll: boolean;
  private snaps = new Map<string, FieldSnapshot>();
  private listeners = new Map<string, Set<() => void>>();

  constructor(
    readonly compiled: CompiledDefinition,
    values: Record<string, unknown>,
    private access: Record<string, Access>,
    private readOnly: boolean,
    showAll: boolean,
    private emit: (values: Record<string, unknown>) => void,
  ) {
    this.values = values;
    this.showAll = showAll;
    for (const name of compiled.order) this.errors[name] = validateField(compiled.fields[name]!, values, access[name]);
  }

  subscribe(name: string, cb: () => void): () => void {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(cb);
    return () => set.delete(cb);
  }

  snapshot(name: string): FieldSnapshot {
    let s = this.snaps.get(name);
    if (!s) this.snaps.set(name, (s = this.build(name)));
    return s;
  }

  private build(name: string): FieldSnapshot {
    const f = this.compiled.fields[name];
    // A field this form no longer has (the next step hides it, a new version dropped it): its view is on its way out.
    if (!f)
      return { value: undefined, access: 'hidden', visible: false, error: undefined, disabled: true, readOnly: true };
    const access = this.access[name] ?? 'editable';
    const errs = this.errors[name];
    return {
      value: this.values[name],
      access,
      visible: isVisible(f, this.values, access),
      error: (this.showAll || this.touched.has(name)) && errs?.length ? errs[0] : undefined,
      disabled: (this.readOnly || access !== 'editable') && !f.manifest.uiHints?.alwaysEnabled,
      readOnly: this.readOnly || access !== 'editable',
    };
  }

  /** Rebuilds the snapshots of the given fields and tells only those whose snapshot really changed. */
  private refresh(names: Iterable<string>) {
    for (const name of names) {
      const prev = this.snaps.get(name);
      if (!prev) continue;
      const next = this.build(name);
      if (
        prev.value === next.value &&
        prev.visible === next.visible &&
        prev.error === next.error &&
        prev.disabled === next.disabled &&
        prev.readOnly === next.readOnly &&
        prev.access === next.access
      )
        continue;
      this.snaps.set(name, next);
      for (const cb of this.listeners.get(name) ?? []) cb();
    }
  }

  change(name: string, value: unknown) {
    const r = applyChange(this.compiled, this.values, name, value);
    this.values = r.values;
    const affected = new Set([name, ...r.recomputed, ...r.rulesAffected]);
    for (const f of affected) {
      const field = this.compiled.fields[f];
      if (field) this.errors[f] = validateField(field, this.values, this.access[f]);
    }
    this.refresh(affected);
    this.emit(this.values);
  }

  /** Leaving a field shows its problem, even one left empty without typing (a required field tabbed past). */
  blur(name: string) {
    if (this.touched.has(name)) return;
    this.touched.add(name);
    const field = this.compiled.fields[name];
    if (field) this.errors[name] = validateField(field, this.values, this.access[name]);
    this.refresh([name]);
  }

  /** Validates everything and shows every problem; true when there is none. */
  checkAll(): boolean {
    let ok = true;
    for (const name of this.compiled.order) {
      this.errors[name] = validateField(this.compiled.fields[name]!, this.values, this.access[name]);
      if (this.errors[name]!.length) ok = false;
    }
    this.showAll = true;
    this.refresh(this.compiled.order);
    return ok;
  }

  /** Values replaced from outside (a reload after save): everything is recomputed and redrawn where it changed. */
  replace(values: Record<string, unknown>, access: Record<string, Access>, readOnly: boolean) {
    this.values = values;
    this.access = access;
    this.readOnly = readOnly;
    for (const name of this.compiled.order)
      this.errors[name] = validateField(this.compiled.fields[name]!, values, access[name]);
    this.refresh(this.compiled.order);
  }

  /** Whether every problem is shown (after a check), so a successor form for a reloaded record keeps showing them. */
  get showingAll(): boolean {
    return this.showAll;
  }

  holds(values: Record<string, unknown>, access: Record<string, Access>, readOnly: boolean): boolean {
    return values === this.values && access === this.access && readOnly === this.readOnly;
  }

  setEmit(emit: (values: Record<string, unknown>) => void) {
    this.emit = emit;
  }
}
