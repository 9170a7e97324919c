import { defineFieldManifest } from '../../../runtime/plugin-contract';
import { accepts, fileValueSchema, type FileValue, type UploadRules } from '../../../runtime/file-value';

export interface MultiFileConfig {
  /** Extensions (`.pdf`) and media types (`image/png`, `image/*`); empty: any type the store accepts. */
  accept: string[];
  /** Largest file in MB; null: the tenant's limit. */
  maxSizeMb: number | null;
  maxFiles: number;
}

/** `.pdf`, `image/png`, `image/*`. */
const ACCEPT_ITEM = '^(\\.[A-Za-z0-9][A-Za-z0-9_-]{0,15}|[a-z]+/([a-z0-9][a-z0-9.+-]*|\\*))$';

const rules = (c: MultiFileConfig): UploadRules => ({
  accept: c.accept,
  maxBytes: c.maxSizeMb === null ? null : Math.round(c.maxSizeMb * 1024 * 1024),
});

function problems(list: FileValue[], c: MultiFileConfig): string[] {
  const r = rules(c);
  const out = list.length > c.maxFiles ? [`Attach at most ${c.maxFiles} files`] : [];
  for (const f of list) {
    if (!accepts(r, f.fileName, f.contentType)) out.push(`${f.fileName}: this type of file is not allowed here`);
    else if (r.maxBytes !== null && f.size > r.maxBytes) out.push(`${f.fileName} is too large`);
  }
  return out;
}

const file = (n: number, fileName: string, contentType = 'application/pdf') => ({
  key: String(n).repeat(32),
  fileName,
  size: 2048,
  contentType,
});

/** A list of uploaded files, each `{ key, fileName, size, contentType }`; the server links them on save. */
export const manifest = defineFieldManifest<MultiFileConfig>({
  kind: 'field',
  type: 'multi-file',
  version: 1,
  title: 'title',
  category: 'advanced',
  icon: 'folder-open',
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
      maxFiles: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
    },
    required: ['accept', 'maxSizeMb', 'maxFiles'],
    additionalProperties: false,
  },
  defaultConfig: { accept: [], maxSizeMb: 10, maxFiles: 10 },
  valueSchema: (c) => ({ type: 'array', items: fileValueSchema, maxItems: c.maxFiles }),
  validate: (v, c) => (Array.isArray(v) ? problems(v as FileValue[], c) : []),
  uploadRules: rules,
  // Files stay openable on read-only steps: the widget hides upload and remove there (WidgetProps.readOnly).
  uiHints: { alwaysEnabled: true },
  fixtures: {
    valid: [
      { accept: ['.pdf', '.docx', 'image/*'], maxSizeMb: 20, maxFiles: 5 },
      { accept: [], maxSizeMb: null, maxFiles: 50 },
    ],
    invalid: [
      { accept: [], maxSizeMb: 10, maxFiles: 0 },
      { accept: ['*'], maxSizeMb: 10, maxFiles: 3 },
      { accept: [], maxSizeMb: 10 },
    ],
    values: {
      config: { accept: ['.pdf', 'image/*'], maxSizeMb: 1, maxFiles: 2 },
      valid: [[file(1, 'a.pdf')], [file(1, 'a.pdf'), file(2, 'scan.png', 'image/png')]],
      invalid: [
        [file(1, 'a.pdf'), file(2, 'b.pdf'), file(3, 'c.pdf')],
        [file(1, 'run.exe', 'application/x-msdownload')],
        [{ ...file(1, 'a.pdf'), size: 5 * 1024 * 1024 }],
        file(1, 'a.pdf'),
      ],
    },
  },
});
