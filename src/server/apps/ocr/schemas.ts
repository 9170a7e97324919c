import { Envelope, Type, type Static } from '../../../../schemas/api/common.js';

/** An OCR provider of the Create App dialog; `singleSelect`: only one machine-learning service goes with it. */
export const OcrProvider = Type.Object({ id: Type.String(), name: Type.String(), singleSelect: Type.Boolean() });
export type OcrProvider = Static<typeof OcrProvider>;

/**
 * A machine-learning service plugin as listed to the tenant: `licensed` is false when its licence is missing;
 * `providerId` is the provider asked about ('' when listing all); `targets`: the first choice field or every one.
 */
export const MlServiceView = Type.Object({
  id: Type.String(),
  providerId: Type.String(),
  name: Type.String(),
  licensed: Type.Boolean(),
  licence: Type.Union([Type.String(), Type.Null()]),
  targets: Type.Union([Type.Literal('first'), Type.Literal('all')]),
});
export type MlServiceView = Static<typeof MlServiceView>;

export const MlServicesQuery = Type.Object({ providerId: Type.Optional(Type.String({ maxLength: 100 })) });
export type MlServicesQuery = Static<typeof MlServicesQuery>;

export const ProvidersAnswer = Envelope(Type.Array(OcrProvider));
export const MlServicesAnswer = Envelope(Type.Array(MlServiceView));

export const MlServiceQuery = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export type MlServiceQuery = Static<typeof MlServiceQuery>;
export const MlServiceAnswer = Envelope(MlServiceView);

/** An AI service (spec section 3): the machine-learning service plugins by name and code. */
export const AiService = Type.Object({
  ai_service_name: Type.String(),
  ai_service_code: Type.String(),
  licensed: Type.Boolean(),
});
export type AiService = Static<typeof AiService>;
export const AiServiceQuery = Type.Object({ code: Type.String({ minLength: 1, maxLength: 100 }) });
export type AiServiceQuery = Static<typeof AiServiceQuery>;
export const AiServicesAnswer = Envelope(Type.Array(AiService));
export const AiServiceAnswer = Envelope(AiService);
