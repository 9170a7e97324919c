import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';

/**
 * The Fastify instance features register routes on: route schemas are TypeBox schemas, so `req.body`, `req.query`,
 * `req.params` and the handler's answer are typed from them (schema first, types derived).
 */
export type ApiApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export const typed = (app: FastifyInstance): ApiApp => app.withTypeProvider<TypeBoxTypeProvider>();

/** The envelope of every success: `{ success: true, message, data }` (schemas/api/common.ts `Envelope`). */
export const ok = <T>(data: T, message = '') => ({ success: true as const, message, data });
