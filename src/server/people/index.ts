import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { favouriteRoutes } from '../sys/favourites.js';
import { menuRoutes } from '../sys/menu.js';
import { preferenceRoutes } from '../sys/preferences.js';
import { teamRoutes } from './teams.js';
import { userRoutes } from './users.js';

/** The signed-in experience: menu, favourites, preferences and settings, users and teams. */
export async function peopleFeature(app: FastifyInstance, ctx: AppContext) {
  await menuRoutes(app);
  await favouriteRoutes(app);
  await preferenceRoutes(app, ctx);
  await userRoutes(app, ctx);
  await teamRoutes(app);
}
