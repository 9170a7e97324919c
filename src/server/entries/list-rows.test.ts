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
  sort_value: `k${id}`,
  initiator_name: null,
  open_tasks: null,
});
const options = { fieldKeys: ['name'], draft: false, userId: 'u1' };
const rows = [row('a', { name: 'Zoë', hidden: 1 }), row('b', { name: '東京 "x"' }), row('c', { name: 'past' })];
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

describe('list rows', () => {
  it('writes the rows as UTF-8 JSON texts with a comma between each two, only the listed fields', () => {
    const shaped = listRows(rows, options);
    const written = JSON.parse(`[${text(shaped.bytes)}]`) as { id: string; data: object; mine: boolean }[];
    expect(written.map((r) => [r.id, r.data, r.mine])).toEqual([
      ['a', { name: 'Zoë' }, true],
      ['b', { name: '東京 "x"' }, true],
      ['c', { name: 'past' }, true],
    ]);
    expect(shaped).toMatchObject({ count: 3, last: { id: 'c', sortValue: 'kc' } });
  });

  it('writes only the rows kept and counts the rest (the row that tells another page follows)', () => {
    const shaped = listRows(rows, { ...options, keep: 2 });
    expect(shaped).toMatchObject({ count: 3, last: { id: 'b', sortValue: 'kb' } });
    expect((JSON.parse(`[${text(shaped.bytes)}]`) as { id: string }[]).map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('answers no rows as empty text', () => {
    const shaped = listRows(rows, { ...options, keep: 0 });
    expect(shaped).toMatchObject({ count: 3, last: null });
    expect(shaped.bytes.length).toBe(0);
  });

  it('leaves the room asked for around the rows, in a buffer of their own', () => {
    const shaped = listRows(rows, { ...options, room: { before: 10, after: 20 } });
    expect(shaped.bytes.byteOffset).toBe(11);
    expect(shaped.bytes.buffer.byteLength).toBe(shaped.bytes.length + 2 + 30);
    expect(shaped.bytes.buffer).not.toBe(listRows(rows, options).bytes.buffer);
    expect(JSON.parse(`[${text(shaped.bytes)}]`)).toHaveLength(3);
  });
});
