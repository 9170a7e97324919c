import { Envelope, Id, StringEnum, Type, type Static } from '../../../schemas/api/common.js';
import { OcrBox, OcrRule } from '../../../schemas/api/ocr.js';

/** Bounds of what one app keeps: rules in its design, and hints per field (the most used, then the newest). */
export const OCR_RULE_LIMITS = { maxRules: 200, maxHintsPerField: 5, maxCorrections: 50 };

export const ModuleParams = Type.Object({ moduleId: Id });

/** A field the rules may fill, as the designer's field picker lists it. */
export const OcrRuleField = Type.Object({
  name: Type.String(),
  label: Type.String(),
  fieldType: Type.String(),
  valueKind: StringEnum(['text', 'number', 'date'] as const),
});
export type OcrRuleField = Static<typeof OcrRuleField>;

/** An app's rules with the fields they may name and whether the app reads documents at all. */
export const OcrRulesView = Type.Object({
  moduleId: Type.String(),
  ocrProviderId: Type.Union([Type.String(), Type.Null()]),
  rules: Type.Array(OcrRule),
  fields: Type.Array(OcrRuleField),
  modifiedOn: Type.Union([Type.String(), Type.Null()]),
});
export type OcrRulesView = Static<typeof OcrRulesView>;
export const RulesAnswer = Envelope(OcrRulesView);

export const RulesBody = Type.Object({ rules: Type.Array(OcrRule, { maxItems: OCR_RULE_LIMITS.maxRules }) });
export type RulesBody = Static<typeof RulesBody>;

/** A user's correction: the value they kept for a field and where it lies on a page of their OCR job. */
export const OcrCorrection = Type.Object({
  field: Type.String({ minLength: 1, maxLength: 100 }),
  value: Type.String({ maxLength: 1000 }),
  page: Type.Integer({ minimum: 1, maximum: 1000 }),
  box: OcrBox,
});
export type OcrCorrection = Static<typeof OcrCorrection>;

/** The job whose recognised words the server reads the labels from (never words the browser sends). */
export const HintsBody = Type.Object({
  jobId: Id,
  corrections: Type.Array(OcrCorrection, { minItems: 1, maxItems: OCR_RULE_LIMITS.maxCorrections }),
});
export type HintsBody = Static<typeof HintsBody>;

export const HintsSaved = Type.Object({
  saved: Type.Integer(),
  hints: Type.Array(
    Type.Object({ field: Type.String(), label: Type.String(), direction: StringEnum(['right', 'below'] as const) }),
  ),
});
export type HintsSaved = Static<typeof HintsSaved>;
export const HintsAnswer = Envelope(HintsSaved);
