import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from './common.js';

/**
 * What OCR reads and how a page's words become field values: shared by the OCR engine (src/server/ocr), the
 * mapping rules (runtime/ocr-mapping.ts, edited in the form designer) and the record form's OCR panel.
 */

/** A rectangle on a page image, in pixels of that image. */
export const OcrBox = Type.Object({ x: Type.Number(), y: Type.Number(), width: Type.Number(), height: Type.Number() });
export type OcrBox = Static<typeof OcrBox>;

/** One recognised word: its text, the engine's confidence (0 to 100) and its box; `line` numbers lines on the page. */
export const OcrWord = Type.Object({
  text: Type.String(),
  confidence: Type.Number(),
  box: OcrBox,
  line: Type.Integer(),
});
export type OcrWord = Static<typeof OcrWord>;

/** One page as read: its size in pixels, its whole text and its words. */
export const OcrPage = Type.Object({
  page: Type.Integer({ minimum: 1 }),
  width: Type.Number(),
  height: Type.Number(),
  text: Type.String(),
  words: Type.Array(OcrWord),
});
export type OcrPage = Static<typeof OcrPage>;

/**
 * How one field of an app is found on a document. `label`: the value is the text right of (or below) a label;
 * `pattern`: the first match of a regular expression (checked by runtime/safe-regex); `position`: whatever lies in a
 * box on a template page, given as fractions (0 to 1) of the page so scans of any resolution match.
 */
export const OcrRule = Type.Union([
  Type.Object({
    field: Type.String({ minLength: 1 }),
    kind: Type.Literal('label'),
    label: Type.String({ minLength: 1, maxLength: 200 }),
    direction: StringEnum(['right', 'below'] as const),
  }),
  Type.Object({
    field: Type.String({ minLength: 1 }),
    kind: Type.Literal('pattern'),
    pattern: Type.String({ minLength: 1, maxLength: 500 }),
  }),
  Type.Object({
    field: Type.String({ minLength: 1 }),
    kind: Type.Literal('position'),
    page: Type.Integer({ minimum: 1 }),
    box: OcrBox,
  }),
]);
export type OcrRule = Static<typeof OcrRule>;

/** A user's correction, kept for the next document of the app: the label text found next to the value they chose. */
export const OcrHint = Type.Object({
  field: Type.String(),
  label: Type.String(),
  direction: StringEnum(['right', 'below'] as const),
});
export type OcrHint = Static<typeof OcrHint>;

/** A field filled from a document: the value, a confidence (0 to 100), where it was found and which rule found it. */
export const OcrMappedField = Type.Object({
  field: Type.String(),
  value: Type.String(),
  confidence: Type.Number(),
  page: Type.Integer(),
  box: Type.Union([OcrBox, Type.Null()]),
  snippet: Type.String(),
  source: StringEnum(['label', 'pattern', 'position', 'hint'] as const),
});
export type OcrMappedField = Static<typeof OcrMappedField>;
