import { describe, expect, it } from 'vitest';
import { manifest } from './manifest';
import { ean13CheckDigit } from './symbology';

const check = (value: unknown, symbology: 'qrcode' | 'code128' | 'ean13' | 'datamatrix' | 'pdf417') =>
  manifest.validate!(value, { symbology, showText: true, size: 'medium' });

describe('barcode validation', () => {
  it('computes the EAN-13 check digit', () => {
    expect(ean13CheckDigit('400638133393')).toBe(1);
    expect(ean13CheckDigit('590123412345')).toBe(7);
    expect(ean13CheckDigit('000000000000')).toBe(0);
  });

  it('takes 13 digits with the right check digit, or 12 (the check digit is added when drawn)', () => {
    expect(check('4006381333931', 'ean13')).toEqual([]);
    expect(check('5901234123457', 'ean13')).toEqual([]);
    expect(check('400638133393', 'ean13')).toEqual([]);
  });

  it('says what is wrong with an EAN-13 value', () => {
    expect(check('4006381333932', 'ean13')).toEqual(['The EAN-13 check digit is wrong: it should be 1']);
    expect(check('12345', 'ean13')).toEqual(['An EAN-13 code has 13 digits (12 without the check digit)']);
    expect(check('40063813339A1', 'ean13')).toEqual(['An EAN-13 code holds digits only']);
  });

  it('keeps Code 128 to printable ASCII and its length, and 2D codes to their capacity in bytes', () => {
    expect(check('ABC-123 /x', 'code128')).toEqual([]);
    expect(check('Größe', 'code128')).toEqual(['Code 128 holds letters, digits, spaces and ASCII symbols only']);
    expect(check('x'.repeat(81), 'code128')).toEqual(['Code 128 holds at most 80 characters']);
    expect(check('Grüße, 你好', 'qrcode')).toEqual([]);
    expect(check('é'.repeat(1500), 'qrcode')).toEqual(['QR Code holds at most 2953 bytes']);
    expect(check('x'.repeat(1557), 'datamatrix')).toEqual(['Data Matrix holds at most 1556 bytes']);
    expect(check('x'.repeat(1101), 'pdf417')).toEqual(['PDF417 holds at most 1100 bytes']);
  });

  it('leaves values that are not text to the value schema', () => {
    expect(check(42, 'ean13')).toEqual([]);
  });
});
