import { describe, expect, it } from 'vitest';
import listRows from './list-rows.mjs';

const row = (id: string, data: object) => ({
  id,
  module_version: 1,
  version: 1,
  data: JSON.stringify(data),
  sequence_number: 1,
  workflow_instance_id: null,
  workflow_status: null,
  workflow_activity_name: null,
  workflow_started_on: null,
  workflow_initiator_user: null,
  workflow_initiator_email: null,
  workflow_completed_on: null,
  created_by: 'u1',
  created_on: '2026-01-01T00:00:00.000Z',
  modified_on: '2026-01-01T00:00:00.000Z',
  sort_value: id === 'a' ? 'k1' : null,
  initiator_name: null,
  open_tasks: null,
});

describe('list rows', () => {
  it('writes the rows as one UTF-8 buffer, a comma between each two, and marks where each ends', () => {
    const shaped = listRows([row('a', { name: 'Zoë', hidden: 1 }), row('b', { name: '東京 "x"' })], {
      fieldKeys: ['name'],
      draft: false,
      userId: 'u1',
    });
    expect(shaped.ids).toEqual(['a', 'b']);
    expect(shaped.sortValues).toEqual(['k1', null]);
    const text = Buffer.from(shaped.bytes).toString('utf8');
    const rows = JSON.parse(`[${text}]`) as { id: string; data: object; mine: boolean }[];
    expect(rows.map((r) => [r.id, r.data, r.mine])).toEqual([
      ['a', { name: 'Zoë' }, true],
      ['b', { name: '東京 "x"' }, true],
    ]);
    expect(shaped.ends[1]).toBe(shaped.bytes.length);
    const first = Buffer.from(shaped.bytes.subarray(0, shaped.ends[0])).toString('utf8');
    expect(JSON.parse(first)).toMatchObject({ id: 'a' });
    expect(shaped.bytes[shaped.ends[0]!]).toBe(0x2c);
  });

  it('answers no rows as an empty buffer', () => {
    expect(listRows([], { fieldKeys: [], draft: true, userId: 'u1' })).toMatchObject({ ids: [], ends: [] });
  });
});
