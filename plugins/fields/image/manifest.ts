import { defineFieldManifest } from '../../../runtime/plugin-contract';
import { accepts, fileValueSchema, type FileValue, type UploadRules } from '../../../runtime/file-value';

export interface ImageConfig {
  /** The picture is shrunk in the browser to fit these bounds (aspect ratio kept) before it is uploaded. */
  maxWidth: number;
  maxHeight: number;
  /** What it is stored as: the type it came in (JPEG, PNG, WebP; others become PNG) or one type. */
  format: 'original' | 'jpeg' | 'png' | 'webp';
  /** Encoding quality for JPEG and WebP, 0.1 to 1. */
  quality: number;
  /** Largest stored file in MB (after resizing); null: the tenant's limit. */
  maxSizeMb: number | null;
}

/** Types a browser can draw and the store keeps; SVG never (it is markup). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

const rules = (c: ImageConfig): UploadRules => ({
  accept: IMAGE_TYPES,
  maxBytes: c.maxSizeMb === null ? null : Math.round(c.maxSizeMb * 1024 * 1024),
});

/** A stored picture: the file plus its size in pixels (after resizing). */
export interface ImageValue extends FileValue {
  width: number;
  height: number;
}

const PHOTO = {
  key: 'p'.repeat(32),
  fileName: 'site.jpg',
  size: 180000,
  contentType: 'image/jpeg',
  width: 1600,
  height: 1200,
};

export const manifest = defineFieldManifest<ImageConfig>({
  kind: 'field',
  type: 'image',
  version: 1,
  title: 'title',
  category: 'advanced',
  icon: 'media',
  configSchema: {
    type: 'object',
    properties: {
      maxWidth: { type: 'integer', minimum: 16, maximum: 8000, default: 1600 },
      maxHeight: { type: 'integer', minimum: 16, maximum: 8000, default: 1600 },
      format: { type: 'string', enum: ['original', 'jpeg', 'png', 'webp'], default: 'original' },
      quality: { type: 'number', minimum: 0.1, maximum: 1, default: 0.85 },
      maxSizeMb: { type: ['number', 'null'], exclusiveMinimum: 0, maximum: 2048, default: 10 },
    },
    required: ['maxWidth', 'maxHeight', 'format', 'quality', 'maxSizeMb'],
    additionalProperties: false,
  },
  defaultConfig: { maxWidth: 1600, maxHeight: 1600, format: 'original', quality: 0.85, maxSizeMb: 10 },
  valueSchema: () => ({
    ...fileValueSchema,
    properties: {
      ...fileValueSchema.properties,
      width: { type: 'integer', minimum: 1, maximum: 100000 },
      height: { type: 'integer', minimum: 1, maximum: 100000 },
    },
    required: [...fileValueSchema.required, 'width', 'height'],
  }),
  validate(v, c) {
    if (!v || typeof v !== 'object') return [];
    const f = v as ImageValue;
    const r = rules(c);
    if (!accepts(r, f.fileName, f.contentType)) return ['Only JPEG, PNG, WebP or GIF pictures can be stored here'];
    if (r.maxBytes !== null && f.size > r.maxBytes) return [`${f.fileName} is too large`];
    return [];
  },
  uploadRules: rules,
  // The picture stays visible and downloadable on read-only steps; the widget hides upload and remove there.
  uiHints: { alwaysEnabled: true },
  fixtures: {
    valid: [
      { maxWidth: 1024, maxHeight: 768, format: 'jpeg', quality: 0.8, maxSizeMb: 2 },
      { maxWidth: 4000, maxHeight: 4000, format: 'original', quality: 1, maxSizeMb: null },
    ],
    invalid: [
      { maxWidth: 0, maxHeight: 768, format: 'jpeg', quality: 0.8, maxSizeMb: 2 },
      { maxWidth: 1024, maxHeight: 768, format: 'bmp', quality: 0.8, maxSizeMb: 2 },
      { maxWidth: 1024, maxHeight: 768, format: 'jpeg', quality: 2, maxSizeMb: 2 },
    ],
    values: {
      config: { maxWidth: 1600, maxHeight: 1600, format: 'original', quality: 0.85, maxSizeMb: 1 },
      valid: [PHOTO, { ...PHOTO, fileName: 'plan.png', contentType: 'image/png' }],
      invalid: [
        { ...PHOTO, width: undefined },
        { ...PHOTO, fileName: 'report.pdf', contentType: 'application/pdf' },
        { ...PHOTO, size: 3 * 1024 * 1024 },
        { ...PHOTO, width: 0 },
      ],
    },
  },
});
