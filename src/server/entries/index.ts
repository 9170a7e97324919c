import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { entryRoutes } from './routes.js';

/** The record lists, deletes, comments and summary of the staff's work surfaces. */
export async function entriesFeature(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await entryRoutes(app, ctx);
}
