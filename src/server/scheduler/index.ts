import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { schedulerRoutes } from './routes.js';

/** Schedules that create records on a cron-style timetable, run once across nodes by a database lease. */
export async function schedulerFeature(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await schedulerRoutes(app, ctx);
}
