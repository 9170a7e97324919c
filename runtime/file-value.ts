/**
 * What a field holding an uploaded file stores: the key the file store gave it and what the upload answered. The
 * server links each key to the record and field when the record is saved (`src/server/files/links.ts`); a download by
 * anyone but the uploader is checked against that link and the viewer's step rules, never the key alone.
 */
export interface FileValue {
  key: string;
  fileName: string;
  size: number;
  contentType: string;
}

/** The rules a field sets for its uploads; the upload route checks them when the upload names the field. */
export interface UploadRules {
  /** File name extensions (`.pdf`) and media types (`image/png`, `image/*`); empty: any type the store accepts. */
  accept: string[];
  /** Largest file in bytes; null: the tenant's limit. */
  maxBytes: number | null;
}

export const FILE_KEY_PATTERN = '^[A-Za-z0-9_-]{32}$';

/** JSON Schema of one stored file (a field's value or an item of a list of files). */
export const fileValueSchema = {
  type: 'object',
  properties: {
    key: { type: 'string', pattern: FILE_KEY_PATTERN },
    fileName: { type: 'string', minLength: 1, maxLength: 200 },
    size: { type: 'integer', minimum: 0 },
    contentType: { type: 'string', maxLength: 200 },
  },
  required: ['key', 'fileName', 'size', 'contentType'],
  additionalProperties: true,
} as const;

/** Whether a file of this name and media type is one the rules accept (case-insensitive; `image/*` matches a family). */
export function accepts(rules: UploadRules, fileName: string, contentType: string): boolean {
  if (!rules.accept.length) return true;
  const name = fileName.toLowerCase();
  const type = contentType.toLowerCase();
  return rules.accept.some((a) => {
    const x = a.trim().toLowerCase();
    if (x.startsWith('.')) return name.endsWith(x);
    if (x.endsWith('/*')) return type.startsWith(x.slice(0, -1));
    return type === x;
  });
}
