import { useEffect, useMemo, useState } from 'react';
import type { ModuleDefinition } from '../../schemas/module-definition';
import { compileDefinition, type CompiledDefinition } from '../compile';
import type { FieldRegistry } from '../plugin-contract';
import { loadFieldRuntimes } from './runtime-loaders';
import { definitionNeedsEngines, loadValidationEngines, validationEnginesLoaded } from './validation-engines';

/** The field types a definition uses. */
const typesOf = (def: ModuleDefinition) =>
  new Set(def.fieldGroups.flatMap((g) => g.rows.flatMap((r) => r.fields.map((f) => f.fieldType))));

/**
 * A server-checked definition compiled for a record form. A definition with field patterns first loads the pattern
 * engine (runtime/react/validation-engines.ts); `waiting` is true while it loads. Its field types' runtimes start
 * loading at the same time.
 */
export function useCompiledDefinition(
  def: ModuleDefinition | undefined,
  registry: FieldRegistry,
): { compiled: CompiledDefinition | undefined; waiting: boolean } {
  const needs = !!def && definitionNeedsEngines(def) && !validationEnginesLoaded();
  const [, setLoaded] = useState(0);
  const [failed, setFailed] = useState(false);
  // The web parts of its field types start loading with the definition, beside the engines and the compile, not
  // after them (the record form waits for the same loads; a failed one is retried there).
  useEffect(() => {
    if (def) loadFieldRuntimes(typesOf(def)).catch(() => undefined);
  }, [def]);
  useEffect(() => {
    if (!needs) return;
    let live = true;
    loadValidationEngines().then(
      () => live && setLoaded((n) => n + 1),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [needs]);
  const compiled = useMemo(
    () => (def && !needs ? compileDefinition(def, registry, { serverChecked: true }) : undefined),
    [def, registry, needs],
  );
  // A failed load (network) leaves no compiled form: the page shows its error.
  return { compiled, waiting: needs && !failed };
}
