import { describe, expect, it } from 'vitest';
import type { ModuleDefinition } from '../../schemas/module-definition';
import { historyReducer, initialHistory } from './history';

const d0: ModuleDefinition = { display_name: 'A', fieldGroups: [] };
const rename = (n: string) => (d: ModuleDefinition) => ({ ...d, display_name: n });

describe('designer history', () => {
  it('undoes and redoes, and coalesces quick edits with the same key', () => {
    let h = initialHistory(d0);
    h = historyReducer(h, { type: 'edit', edit: rename('B'), key: 'label', at: 1000 });
    h = historyReducer(h, { type: 'edit', edit: rename('Bo'), key: 'label', at: 1300 });
    h = historyReducer(h, { type: 'edit', edit: rename('C'), at: 1400 });
    expect(h.past.map((d) => d.display_name)).toEqual(['A', 'Bo']);
    h = historyReducer(h, { type: 'undo' });
    expect(h.present.display_name).toBe('Bo');
    h = historyReducer(h, { type: 'undo' });
    expect(h.present.display_name).toBe('A');
    h = historyReducer(h, { type: 'redo' });
    expect(h.present.display_name).toBe('Bo');
    expect(historyReducer(h, { type: 'edit', edit: (d) => d })).toBe(h);
  });
});
