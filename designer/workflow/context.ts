import { createContext, useContext } from 'react';
import type { ModuleDefinition } from '../../schemas/module-definition';

/** What property editors need beyond the activity: the module the workflow belongs to. */
export const DesignerContext = createContext<{ module: ModuleDefinition } | null>(null);

export function useDesigner() {
  const c = useContext(DesignerContext);
  if (!c) throw new Error('DesignerContext missing');
  return c;
}
