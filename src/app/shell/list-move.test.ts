import { describe, expect, it } from 'vitest';
import { move } from './list-move';

describe('move', () => {
  it('swaps an item with its neighbour', () => {
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });
  it('leaves the list alone for moves past either end', () => {
    const list = ['a', 'b'];
    expect(move(list, 0, -1)).toBe(list);
    expect(move(list, 1, 1)).toBe(list);
    expect(move(list, 5, -1)).toBe(list);
  });
});
