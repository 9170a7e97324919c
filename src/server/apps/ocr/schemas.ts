import { Envelope, Type, type Static } from '../../../../schemas/api/common.js';

/** An OCR provider of the Create App dialog; `singleSelect`: only one machine-learning service goes with it. */
export const OcrProvider = Type.Object({ id: Type.String(), name: Type.String(), singleSelect: Type.Boolean() });
export type OcrProvider = Static<typeof OcrProvider>;

/** A machine-learning service as listed to the tenant: `licensed` is false when its licence is missing. */
export const MlServiceView = Type.Object({
  id: Type.String(),
  providerId: Type.String(),
  name: Type.String(),
  licensed: Type.Boolean(),
});
export type MlServiceView = Static<typeof MlServiceView>;

export const MlServicesQuery = Type.Object({ providerId: Type.Optional(Type.String({ maxLength: 100 })) });
export type MlServicesQuery = Static<typeof MlServicesQuery>;

export const ProvidersAnswer = Envelope(Type.Array(OcrProvider));
export const MlServicesAnswer = Envelope(Type.Array(MlServiceView));
