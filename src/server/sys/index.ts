import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { menuRoutes } from './routes-menu.js';
import { quickLaunchRoutes } from './routes-quick-launch.js';
import { settingsRoutes } from './routes-settings.js';
import { profileRoutes } from './routes-profile.js';

/** The signed-in shell: menu, module tree, favourites, quick launch, settings, profile, and the public tenant info. */
export const sysFeature = defineFeature({
  name: 'sys',
  register: async (app, ctx) => {
    const api = typed(app);
    menuRoutes(api);
    quickLaunchRoutes(api);
    settingsRoutes(api, ctx);
    profileRoutes(api);
  },
});
