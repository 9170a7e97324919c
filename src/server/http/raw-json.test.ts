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
});
