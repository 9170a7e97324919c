import type { FastifyInstance } from 'fastify';
import { TENANT_MESSAGES } from '../tenancy/resolve.js';

const infoSchema = {
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    message: { type: 'string' },
    data: {
      type: 'object',
      properties: {
        domain: { type: 'string' },
        name: { type: 'string' },
        support_email: { type: ['string', 'null'] },
        person_in_charge_phone: { type: ['string', 'null'] },
        time_zone: { type: ['string', 'null'] },
        date_format: { type: ['string', 'null'] },
        datetime_format: { type: ['string', 'null'] },
        time_format: { type: ['string', 'null'] },
        licence_expires_on: { type: ['string', 'null'] },
      },
    },
  },
} as const;

/** GET /api/sys/tenant/info: public facts about the host's tenant, or 403 with why it cannot be used. */
export async function tenantInfoRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/sys/tenant/info',
    {
      config: { tenantOptional: true },
      schema: { tags: ['sys'], summary: 'Tenant information', response: { 200: infoSchema, 403: infoSchema } },
    },
    async (req, reply) => {
      const state = req.tenantState;
      if (!state.ok) return reply.status(403).send({ success: false, message: TENANT_MESSAGES[state.reason] });
      const t = state.tenant;
      return {
        success: true,
        message: '',
        data: {
          domain: t.domain,
          name: t.name,
          support_email: t.support_email,
          person_in_charge_phone: t.person_in_charge_phone,
          time_zone: t.time_zone,
          date_format: t.date_format,
          datetime_format: t.datetime_format,
          time_format: t.time_format,
          licence_expires_on: t.licence_expires_on,
        },
      };
    },
  );
}
