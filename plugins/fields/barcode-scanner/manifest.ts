import { defineFieldManifest } from '../../../runtime/plugin-contract';
import { PAYLOAD_FORMATS, type PayloadSettings } from './payload';

/** Formats the camera and photo reader look for, by zxing's names; none chosen means all of them. */
export const SCAN_FORMATS = [
  'QRCode',
  'DataMatrix',
  'PDF417',
  'Aztec',
  'Code128',
  'Code39',
  'EAN13',
  'EAN8',
  'UPCA',
  'UPCE',
  'ITF',
  'Codabar',
  'DataBar',
  'DataBarExp',
] as const;
export type ScanFormat = (typeof SCAN_FORMATS)[number];

export interface BarcodeScannerConfig extends PayloadSettings {
  formats: ScanFormat[];
  /** The camera stays open and each code fills the next empty row of a table section. */
  continuous: boolean;
  /** That table section, by id or title. */
  tableSection: string;
}

const NAME = { type: 'string', maxLength: 64 } as const;

/** A text typed, read by a keyboard-wedge scanner, by the camera or from a photo; it may fill other fields too. */
export const manifest = defineFieldManifest<BarcodeScannerConfig>({
  kind: 'field',
  type: 'barcode-scanner',
  version: 1,
  title: 'title',
  category: 'advanced',
  icon: 'camera',
  configSchema: {
    type: 'object',
    properties: {
      formats: { type: 'array', items: { type: 'string', enum: [...SCAN_FORMATS] }, uniqueItems: true },
      payload: { type: 'string', enum: [...PAYLOAD_FORMATS], default: 'plain' },
      separator: { type: 'string', minLength: 1, maxLength: 5, default: ',' },
      mapping: {
        type: 'array',
        maxItems: 30,
        items: {
          type: 'object',
          properties: { part: { type: 'string', maxLength: 100 }, field: NAME },
          required: ['part', 'field'],
          additionalProperties: false,
        },
      },
      continuous: { type: 'boolean', default: false },
      tableSection: { type: 'string', maxLength: 100, default: '' },
    },
    required: ['formats', 'payload', 'separator', 'mapping', 'continuous', 'tableSection'],
    additionalProperties: false,
  },
  defaultConfig: { formats: [], payload: 'plain', separator: ',', mapping: [], continuous: false, tableSection: '' },
  valueSchema: () => ({ type: 'string', maxLength: 4000 }),
  fixtures: {
    valid: [
      {
        formats: ['DataMatrix', 'Code128'],
        payload: 'gs1',
        separator: ',',
        mapping: [
          { part: '01', field: 'gtin' },
          { part: '10', field: 'batch' },
          { part: '17', field: 'expiry' },
        ],
        continuous: false,
        tableSection: '',
      },
      {
        formats: ['QRCode'],
        payload: 'delimited',
        separator: ';',
        mapping: [{ part: '1', field: 'item_1' }],
        continuous: true,
        tableSection: 'items',
      },
    ],
    invalid: [
      {},
      { formats: ['Barcode'], payload: 'plain', separator: ',', mapping: [], continuous: false, tableSection: '' },
      { formats: [], payload: 'xml', separator: ',', mapping: [], continuous: false, tableSection: '' },
      { formats: [], payload: 'delimited', separator: '', mapping: [], continuous: false, tableSection: '' },
      { formats: [], payload: 'json', separator: ',', mapping: [{ part: 'a' }], continuous: false, tableSection: '' },
    ],
    values: {
      valid: ['(01)09501101530003(10)AB12', 'SKU-1;4'],
      invalid: [42, 'x'.repeat(4001)],
    },
  },
});
