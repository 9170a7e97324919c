import type { ModuleDefinition } from '../../schemas/module-definition';

/** Undo/redo over whole definitions; structural sharing keeps each step cheap. */
export interface History {
  past: ModuleDefinition[];
  present: ModuleDefinition;
  future: ModuleDefinition[];
  /** Edits with the same key in quick succession (typing a label) become one undo step. */
  lastKey?: string;
  lastAt: number;
}

export type HistoryAction =
  | { type: 'edit'; edit: (d: ModuleDefinition) => ModuleDefinition; key?: string; at?: number }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'reset'; def: ModuleDefinition };

export const HISTORY_LIMIT = 200;
const COALESCE_MS = 1000;

export const initialHistory = (def: ModuleDefinition): History => ({ past: [], present: def, future: [], lastAt: 0 });

export function historyReducer(h: History, a: HistoryAction): History {
  switch (a.type) {
    case 'edit': {
      const next = a.edit(h.present);
      if (next === h.present) return h;
      const at = a.at ?? Date.now();
      if (a.key && a.key === h.lastKey && at - h.lastAt < COALESCE_MS)
        return { ...h, present: next, future: [], lastAt: at };
      return {
        past: [...h.past, h.present].slice(-HISTORY_LIMIT),
        present: next,
        future: [],
        lastKey: a.key,
        lastAt: at,
      };
    }
    case 'undo':
      if (!h.past.length) return h;
      return {
        past: h.past.slice(0, -1),
        present: h.past[h.past.length - 1]!,
        future: [h.present, ...h.future],
        lastAt: 0,
      };
    case 'redo':
      if (!h.future.length) return h;
      return { past: [...h.past, h.present], present: h.future[0]!, future: h.future.slice(1), lastAt: 0 };
    case 'reset':
      return initialHistory(a.def);
  }
}
