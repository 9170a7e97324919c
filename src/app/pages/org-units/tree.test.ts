import { describe, expect, it } from 'vitest';
import { ancestorsOf, childrenOf, subtreeIds } from './tree';
import type { OrgUnit } from './api';

const u = (id: string, parentId: string | null): OrgUnit => ({
  id,
  name: id,
  parentId,
  headId: null,
  headName: null,
  teamId: null,
  teamName: null,
  memberCount: 0,
});
const units = [u('root', null), u('a', 'root'), u('b', 'a'), u('c', 'root')];

describe('org tree on the page', () => {
  it('groups children, finds a subtree and the path to a unit', () => {
    expect(
      childrenOf(units)
        .get('root')
        ?.map((x) => x.id),
    ).toEqual(['a', 'c']);
    expect([...subtreeIds(units, 'a')].sort()).toEqual(['a', 'b']);
    expect(ancestorsOf(units, 'b')).toEqual(['root', 'a']);
  });
});
