import { defineFieldManifest } from '../../../runtime/plugin-contract';
import { MAX_LENGTH, SYMBOLOGIES, symbologyProblems, type Symbology } from './symbology';

export const SIZES = ['small', 'medium', 'large'] as const;

export interface BarcodeConfig {
  /** How the text is drawn. */
  symbology: Symbology;
  /** The text is printed under the code. */
  showText: boolean;
  size: (typeof SIZES)[number];
}

/** A text shown as a barcode or QR code; the value is the text, typed or computed like any text field's. */
export const manifest = defineFieldManifest<BarcodeConfig>({
  kind: 'field',
  type: 'barcode',
  version: 1,
  title: 'title',
  category: 'advanced',
  icon: 'barcode',
  configSchema: {
    type: 'object',
    properties: {
      symbology: { type: 'string', enum: [...SYMBOLOGIES], default: 'qrcode' },
      showText: { type: 'boolean', default: true },
      size: { type: 'string', enum: [...SIZES], default: 'medium' },
    },
    required: ['symbology', 'showText', 'size'],
    additionalProperties: false,
  },
  defaultConfig: { symbology: 'qrcode', showText: true, size: 'medium' },
  valueSchema: (c) => ({ type: 'string', maxLength: MAX_LENGTH[c.symbology] ?? 2953 }),
  validate(value, c) {
    return typeof value === 'string' ? symbologyProblems(value, c.symbology) : [];
  },
  fixtures: {
    valid: [
      { symbology: 'ean13', showText: true, size: 'small' },
      { symbology: 'pdf417', showText: false, size: 'large' },
    ],
    invalid: [{}, { symbology: 'upc', showText: true, size: 'medium' }, { symbology: 'qrcode', showText: true }],
    values: {
      config: { symbology: 'ean13', showText: true, size: 'medium' },
      valid: ['4006381333931', '400638133393'],
      invalid: ['4006381333932', '40063813339', 'ABC', 42],
    },
  },
});
