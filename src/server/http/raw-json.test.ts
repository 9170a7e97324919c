import { describe, expect, it } from 'vitest';
import { answerBody, RawJson } from './raw-json.js';

describe('raw JSON in answers', () => {
  it('writes each part as its text, where it stands, and everything else as JSON.stringify does', () => {
    const rows = new RawJson('[{"id":"a","n":1.5},{"id":"b"}]');
    const answer = { success: true, message: '', data: { data: rows, total: 2, note: 'x\u0001y' } };
    const text = answerBody(answer).toString('utf8');
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
    const body = answerBody(answer);
    const text = '{"a":[{"name":"Zoë"},{"name":"東京"},"😀"],"b":[],"c":"ü","d":[1]}';
    expect(body.toString('utf8')).toBe(text);
    expect(body.length).toBe(Buffer.byteLength(text));
  });

  it('leaves values that look like markers alone', () => {
    const part = new RawJson('1');
    const lookalike = `\u0001${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}\u0001`;
    expect(JSON.parse(answerBody({ a: lookalike, b: part }).toString())).toEqual({ a: lookalike, b: 1 });
  });

  describe('bytes that own room around them', () => {
    const rowsText = '{"id":"a"},{"id":"ü"}';
    const roomy = (before: number, after: number) => {
      const all = Buffer.alloc(before + Buffer.byteLength(rowsText) + after, '#');
      all.write(rowsText, before);
      return all.subarray(before, before + Buffer.byteLength(rowsText));
    };
    const answer = (bytes: Uint8Array, owns = true) => ({
      success: true,
      data: { data: new RawJson([bytes], owns), total: 2, columns: new RawJson('[{"data":"id"}]') },
    });
    const expected = '{"success":true,"data":{"data":[{"id":"a"},{"id":"ü"}],"total":2,"columns":[{"data":"id"}]}}';

    it('writes the answer around them in their own buffer, without copying them', () => {
      const bytes = roomy(64, 100);
      const body = answerBody(answer(bytes));
      expect(body.toString('utf8')).toBe(expected);
      expect(body.buffer).toBe(bytes.buffer);
      expect(body.byteOffset).toBe(64 - '{"success":true,"data":{"data":['.length);
    });

    it('copies them when the room is too small on either side, and leaves their buffer as it was', () => {
      for (const [before, after] of [
        [10, 100],
        [64, 20],
      ] as const) {
        const bytes = roomy(before, after);
        const was = Buffer.from(bytes.buffer).toString('latin1');
        const body = answerBody(answer(bytes));
        expect(body.toString('utf8')).toBe(expected);
        expect(body.buffer).not.toBe(bytes.buffer);
        expect(Buffer.from(bytes.buffer).toString('latin1')).toBe(was);
      }
    });

    it('never writes around bytes the answer does not own', () => {
      const bytes = roomy(64, 100);
      const body = answerBody(answer(bytes, false));
      expect(body.toString('utf8')).toBe(expected);
      expect(body.buffer).not.toBe(bytes.buffer);
    });
  });
});

