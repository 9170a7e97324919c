import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { recordRoutes } from './routes.js';
import { HUB_RECORDS_CHANGED } from '../hub/hub.js';

/** One record of an app: save a draft, read it under the viewer's step, the form for a new one. */
export const recordsFeature = defineFeature({
  name: 'records',
  register: async (app, ctx) =>
    recordRoutes(
      typed(app),
      (tenantId, userId, change) =>
        // The user's other open pages refresh their lists; a lost message only delays that until they reload.
        void ctx.hub
          .sendToUser(tenantId, userId, HUB_RECORDS_CHANGED, [change])
          .catch((err) => app.log.warn({ err }, 'records changed')),
    ),
});
