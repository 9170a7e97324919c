import { useEffect, useMemo, useState } from 'react';
import type { ModuleDefinition } from '../../schemas/module-definition';
import { compileDefinition, type CompiledDefinition } from '../compile';
import type { FieldRegistry } from '../plugin-contract';
import { definitionNeedsEngines, loadValidationEngines, validationEnginesLoaded } from './validation-engines';

/**
 * A server-checked definition compiled for a record form. A definition with field patterns first loads the pattern
 * engine (runtime/react/validation-engines.ts); `waiting` is true while it loads.
 */
export function useCompiledDefinition(
  def: ModuleDefinition | undefined,
  registry: FieldRegistry,
): { compiled: CompiledDefinition | undefined; waiting: boolean } {
  const needs = !!def && definitionNeedsEngines(def) && !validationEnginesLoaded();
  const [, setLoaded] = useState(0);
  const [failed, setFailed] = useState(false);
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
