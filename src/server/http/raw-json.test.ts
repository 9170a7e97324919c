import { describe, expect, it } from 'vitest';
import type { AnswerRoom } from '../db/shaped-answer.mjs';
import { answerBody, RawJson } from './raw-json.js';

describe('raw JSON in answers', () => {
  it('writes each part as its text, where it stands, and everything else as JSON.stringify does', () => {
    const rows = new RawJson('[{"id":"a","n":1.5},{"id":"b"}]');
    const answer = { success: true, message: '', data: { data: rows, total: 2, note: 'x\u0001y' } };
    const text = answerBody(answer).body.toString('utf8');
    expect(JSON.parse(text)).toEqual({
      success: true,
      message: '',
      data: { data: [{ id: 'a', n: 1.5 }, { id: 'b' }], total: 2, note: 'x\u0001y' },
    });
    expect(text).toBe(
      '{"success":true,"message":"","data":{"data":[{"id":"a","n":1.5},{"id":"b"}],"total":2,"note":"x\\u0001y"}}',
    );
  });

  it('writes items as a JSON array, in UTF-8, with nothing left over', () => {
    const answer = {
      a: new RawJson(['{"name":"Zoë"}', '{"name":"東京"}', '"😀"']),
      b: new RawJson([]),
      c: 'ü',
      d: new RawJson(['1']),
    };
    const { body } = answerBody(answer);
    const text = '{"a":[{"name":"Zoë"},{"name":"東京"},"😀"],"b":[],"c":"ü","d":[1]}';
    expect(body.toString('utf8')).toBe(text);
    expect(body.length).toBe(Buffer.byteLength(text));
  });

  it('leaves values that look like markers alone', () => {
    const part = new RawJson('1');
    const lookalike = `\u0001${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}\u0001`;
    expect(JSON.parse(answerBody({ a: lookalike, b: part }).body.toString())).toEqual({ a: lookalike, b: 1 });
  });

  describe('bytes with room around them', () => {
    const rowsText = '{"id":"a"},{"id":"ü"}';
    const size = Buffer.byteLength(rowsText);
    /** The rows in a buffer of lead + before + rows + after + trail bytes; their room leaves out lead and trail. */
    const roomy = (before: number, after: number, lead = 0, trail = 0) => {
      const all = Buffer.alloc(lead + before + size + after + trail, '#');
      all.write(rowsText, lead + before);
      const released: number[] = [];
      const room = { start: lead, end: lead + before + size + after, release: () => released.push(1) };
      return { bytes: all.subarray(lead + before, lead + before + size), room, released };
    };
    const answer = (bytes: Uint8Array, room?: AnswerRoom) => ({
      success: true,
      data: { data: new RawJson([bytes], room), total: 2, columns: new RawJson('[{"data":"id"}]') },
    });
    const expected = '{"success":true,"data":{"data":[{"id":"a"},{"id":"ü"}],"total":2,"columns":[{"data":"id"}]}}';
    const head = '{"success":true,"data":{"data":['.length;

    it('writes the answer around them within their room, without copying them, and hands on their release', () => {
      const { bytes, room, released } = roomy(64, 100);
      const { body, release } = answerBody(answer(bytes, room));
      expect(body.toString('utf8')).toBe(expected);
      expect(body.buffer).toBe(bytes.buffer);
      expect(body.byteOffset).toBe(64 - head);
      expect(released).toEqual([]);
      release!();
      expect(released).toEqual([1]);
    });

    it('copies them when the room is too small on either side, leaves their memory as it was and frees it', () => {
      // The buffer has space enough outside the room (as a slot of shared memory among others): it is not used.
      for (const [before, after, lead, trail] of [
        [10, 100, 0, 0],
        [64, 20, 0, 0],
        [10, 100, 200, 0],
        [64, 20, 0, 200],
      ] as const) {
        const { bytes, room, released } = roomy(before, after, lead, trail);
        const was = Buffer.from(bytes.buffer).toString('latin1');
        const { body, release } = answerBody(answer(bytes, room));
        expect(body.toString('utf8')).toBe(expected);
        expect(body.buffer).not.toBe(bytes.buffer);
        expect(Buffer.from(bytes.buffer).toString('latin1')).toBe(was);
        expect([released, release]).toEqual([[1], undefined]);
      }
    });

    it('never writes around bytes without a room', () => {
      const { bytes } = roomy(64, 100);
      const { body } = answerBody(answer(bytes));
      expect(body.toString('utf8')).toBe(expected);
      expect(body.buffer).not.toBe(bytes.buffer);
    });

    it('frees the room of a part whose bytes are not written in place', () => {
      const { room, released } = roomy(64, 100);
      const { body } = answerBody({ data: new RawJson([], room) });
      expect(body.toString('utf8')).toBe('{"data":[]}');
      expect(released).toEqual([1]);
    });
  });
});
