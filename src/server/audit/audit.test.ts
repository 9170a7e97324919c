import { describe, expect, it } from 'vitest';
import { csvCell } from './csv.js';
import { recordChanges } from './diff.js';
import { canonical, hashOf } from './chain.js';

const version = {
  compiled: { fields: { pin: { def: { fieldType: 'password' } }, title: { def: { fieldType: 'text' } } } },
} as unknown as Parameters<typeof recordChanges>[0];

describe('audit trail helpers', () => {
  it('lists changed fields old → new and masks secret ones', () => {
    expect(recordChanges(version, { title: 'a', pin: 'x1', same: 1 }, { title: 'b', pin: 'x2', same: 1 })).toEqual({
      title: { from: 'a', to: 'b' },
      pin: { from: '••••••', to: '••••••' },
    });
    expect(recordChanges(undefined, '{"n":1}', { n: 1, m: [1] })).toEqual({ m: { from: null, to: [1] } });
  });

  it('defuses formula cells and quotes what CSV needs quoted', () => {
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@x')).toBe("'@x");
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
    expect(csvCell(null)).toBe('');
  });

  it('hashes ids alike whichever database returned them, and chains on the previous hash', () => {
    const row = {
      id: 7,
      tenant_id: 't',
      at: '2026-01-01T00:00:00.000Z',
      actor_id: null,
      actor_name: null,
      action: 'signin',
      target_type: null,
      target_id: null,
      target_label: null,
      details: null,
      ip: null,
      user_agent: null,
    };
    expect(canonical(row, 1)).toBe(canonical({ ...row, id: '7' }, 1));
    expect(hashOf('', row, 1)).not.toBe(hashOf('x', row, 1));
    expect(hashOf('', row, 1)).not.toBe(hashOf('', { ...row, action: 'signin.failed' }, 1));
  });
});
