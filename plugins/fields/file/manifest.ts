import { defineFieldManifest } from '../../../runtime/plugin-contract';
import { accepts, fileValueSchema, type FileValue, type UploadRules } from '../../../runtime/file-value';

export interface FileConfig {
  /** Extensions (`.pdf`) and media types (`image/png`, `image/*`); empty: any type the store accepts. */
  accept: string[];
  /** Largest file in MB; null: the tenant's limit. */
  maxSizeMb: number | null;
}

/** `.pdf`, `image/png`, `image/*`. */
const ACCEPT_ITEM = '^(\\.[A-Za-z0-9][A-Za-z0-9_-]{0,15}|[a-z]+/([a-z0-9][a-z0-9.+-]*|\\*))$';

const rules = (c: FileConfig): UploadRules => ({
  accept: c.accept,
  maxBytes: c.maxSizeMb === null ? null : Math.round(c.maxSizeMb * 1024 * 1024),
});

/** Why a stored file does not fit the field's rules (a value written straight to the API, or rules made stricter). */
export function fileProblems(f: FileValue, r: UploadRules): string[] {
  if (!accepts(r, f.fileName, f.contentType)) return [`${f.fileName}: this type of file is not allowed here`];
  if (r.maxBytes !== null && f.size > r.maxBytes) return [`${f.fileName} is too large`];
  return [];
}

const PDF = { key: 'a'.repeat(32), fileName: 'offer.pdf', size: 5120, contentType: 'application/pdf' };

/** One uploaded file: `{ key, fileName, size, contentType }`; the server links it to the record on save. */
export const manifest = defineFieldManifest<FileConfig>({
  kind: 'field',
  type: 'file',
  version: 1,
  title: 'title',
  category: 'advanced',
  icon: 'paperclip',
  configSchema: {
    type: 'object',
    properties: {
      accept: {
        type: 'array',
        items: { type: 'string', pattern: ACCEPT_ITEM },
        maxItems: 50,
        uniqueItems: true,
        default: [],
      },
      maxSizeMb: { type: ['number', 'null'], exclusiveMinimum: 0, maximum: 2048, default: 10 },
    },
    required: ['accept', 'maxSizeMb'],
    additionalProperties: false,
  },
  defaultConfig: { accept: [], maxSizeMb: 10 },
  valueSchema: () => fileValueSchema,
  validate: (v, c) => (v && typeof v === 'object' && !Array.isArray(v) ? fileProblems(v as FileValue, rules(c)) : []),
  uploadRules: rules,
  // Files stay openable on read-only steps: the widget hides upload and remove there (WidgetProps.readOnly).
  uiHints: { alwaysEnabled: true },
  fixtures: {
    valid: [
      { accept: ['.pdf', 'image/*'], maxSizeMb: 5 },
      { accept: [], maxSizeMb: null },
    ],
    invalid: [{ accept: ['pdf files'], maxSizeMb: 5 }, { accept: [], maxSizeMb: 0 }, { accept: [] }],
    values: {
      config: { accept: ['.pdf', 'image/*'], maxSizeMb: 1 },
      valid: [PDF, { ...PDF, fileName: 'photo.JPG', contentType: 'image/jpeg' }],
      invalid: [
        { ...PDF, fileName: 'notes.docx', contentType: 'application/zip' },
        { ...PDF, size: 2 * 1024 * 1024 },
        { ...PDF, key: '../../etc/passwd' },
        [PDF],
        'offer.pdf',
      ],
    },
  },
});
