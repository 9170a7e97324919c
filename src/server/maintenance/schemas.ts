import { Envelope, Type, type Static } from '../../../schemas/api/common.js';

export const MaintenanceFlag = Type.Object({ on: Type.Boolean(), message: Type.String() });
export const MaintenanceState = Type.Object({ tenant: MaintenanceFlag, installation: MaintenanceFlag });
export type MaintenanceState = Static<typeof MaintenanceState>;
export const MaintenanceAnswer = Envelope(MaintenanceState);
export const MaintenanceStatusAnswer = Envelope(MaintenanceFlag);

/** Switches the caller's own tenant; the whole installation is switched from the command line only. */
export const MaintenanceBody = Type.Object(
  {
    on: Type.Boolean(),
    message: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type MaintenanceBody = Static<typeof MaintenanceBody>;
