import { describe, expect, it } from 'vitest';
import { parseGs1 } from './gs1';
import { parsePayload, type PayloadSettings } from './payload';

const gs1: PayloadSettings = {
  payload: 'gs1',
  separator: ',',
  mapping: [
    { part: '01', field: 'gtin' },
    { part: '(10)', field: 'batch' },
    { part: '17', field: 'expiry' },
  ],
};

describe('GS1 element strings', () => {
  it('reads the raw form: fixed-length AIs run on, a variable one ends at the group separator', () => {
    expect(parseGs1('010950110153000310AB-12\x1d17260630')).toEqual({
      ok: true,
      elements: { '01': '09501101530003', '10': 'AB-12', '17': '260630' },
    });
    // A symbology identifier and a leading FNC1 are not data.
    expect(parseGs1(']C1\x1d011234567890123117270101' + '21SN9')).toEqual({
      ok: true,
      elements: { '01': '12345678901231', '17': '270101', '21': 'SN9' },
    });
    // Four-digit AIs (net weight 3103 = kg with three decimals).
    expect(parseGs1('01095011015300033103001250')).toEqual({
      ok: true,
      elements: { '01': '09501101530003', '3103': '001250' },
    });
  });

  it('reads the bracketed form, where brackets around other text are data', () => {
    expect(parseGs1('(01)09501101530003(17)260630(10)AB(1)2')).toEqual({
      ok: true,
      elements: { '01': '09501101530003', '17': '260630', '10': 'AB(1)2' },
    });
  });

  it('refuses what is not GS1: unknown AIs, wrong fixed lengths, plain text', () => {
    expect(parseGs1('hello').ok).toBe(false);
    expect(parseGs1('(01)123(10)A').ok).toBe(false);
    expect(parseGs1('(05)1234').ok).toBe(false);
    expect(parseGs1('0112345').ok).toBe(false);
    expect(parseGs1('').ok).toBe(false);
  });
});

describe('parsePayload', () => {
  it('maps GS1 AIs to fields, with or without brackets in the mapping', () => {
    expect(parsePayload('(01)09501101530003(10)LOT7(17)261231', gs1)).toEqual({
      values: { gtin: '09501101530003', batch: 'LOT7', expiry: '261231' },
      missing: [],
    });
    expect(parsePayload('0109501101530003' + '10LOT7', gs1)).toEqual({
      values: { gtin: '09501101530003', batch: 'LOT7' },
      missing: ['17'],
    });
    expect(parsePayload('not gs1', gs1)).toMatchObject({ values: {}, problem: 'gs1' });
  });

  it('maps delimited parts by position from 1, trimming them; a tab is written \\t', () => {
    const s: PayloadSettings = {
      payload: 'delimited',
      separator: '|',
      mapping: [
        { part: '1', field: 'sku' },
        { part: '3', field: 'qty' },
        { part: '9', field: 'none' },
      ],
    };
    expect(parsePayload('A-1 | red | 4\n', s)).toEqual({ values: { sku: 'A-1', qty: '4' }, missing: ['9'] });
    expect(parsePayload('x\ty\tz', { ...s, separator: '\\t' }).values).toEqual({ sku: 'x', qty: 'z' });
    expect(parsePayload('a,b,c', { ...s, separator: '' }).values).toEqual({ sku: 'a', qty: 'c' });
  });

  it('maps JSON keys and dotted paths, own properties only', () => {
    const s: PayloadSettings = {
      payload: 'json',
      separator: ',',
      mapping: [
        { part: 'sku', field: 'sku' },
        { part: 'lot.no', field: 'lot' },
        { part: 'qty', field: 'qty' },
        { part: 'constructor', field: 'proto' },
      ],
    };
    expect(parsePayload('{"sku":"A1","lot":{"no":"L9"},"qty":3}', s)).toEqual({
      values: { sku: 'A1', lot: 'L9', qty: '3' },
      missing: ['constructor'],
    });
    expect(parsePayload('{"sku":', s)).toMatchObject({ values: {}, problem: 'json' });
    expect(parsePayload('[1,2]', s)).toMatchObject({ problem: 'json' });
    expect(parsePayload('"text"', s)).toMatchObject({ problem: 'json' });
  });

  it('copies nothing for a plain code or without a mapping, and skips half-filled mapping rows', () => {
    expect(parsePayload('a,b', { payload: 'plain', separator: ',', mapping: [{ part: '1', field: 'x' }] })).toEqual({
      values: {},
      missing: [],
    });
    expect(
      parsePayload('a,b', {
        payload: 'delimited',
        separator: ',',
        mapping: [
          { part: '', field: 'x' },
          { part: '2', field: ' ' },
        ],
      }),
    ).toEqual({ values: {}, missing: [] });
  });
});
