import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { fieldIndexerFor } from '../entries/indexer-for.js';
import { lookupRoutes } from './routes.js';
import { setOfferKey } from './offers.js';
import { secretKey } from '../crypto/secrets.js';

/** Lookups: fields that pick records of other apps, searched under the picker's own permissions. */
export const lookupsFeature = defineFeature({
  name: 'lookups',
  async register(app, ctx) {
    setOfferKey(secretKey(ctx.config));
    lookupRoutes(typed(app), fieldIndexerFor(app, ctx));
  },
});
