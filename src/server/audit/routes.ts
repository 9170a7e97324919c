import { Readable } from 'node:stream';
import { ok, type ApiApp } from '../http/api.js';
import { rolesOf } from '../access/index.js';
import { AuditCsv, AuditExportQuery, AuditListBody, AuditPageAnswer } from './schemas.js';
import { auditPage } from './service.js';
import { auditCsv } from './csv.js';
import { audit } from './trail.js';

const A = '/api/audittrail';
const tags = ['audit trail'];
/** Spec: the audit trail is for system administrators only. */
const sysAdmins = { roles: rolesOf('sysAdmins') };

export function auditRoutes(app: ApiApp) {
  app.post(
    `${A}/datatables`,
    { config: sysAdmins, schema: { tags, body: AuditListBody, response: { 200: AuditPageAnswer } } },
    async (req) => ok(await auditPage(req.tdb, req.body)),
  );
  // A download link cannot send headers: the token may come as x-token.
  app.get(
    `${A}/export`,
    {
      config: { ...sysAdmins, queryToken: true },
      schema: { tags, querystring: AuditExportQuery, response: { 200: AuditCsv } },
    },
    async (req, reply) => {
      const { 'x-token': _token, ...filters } = req.query;
      await audit(req.tdb, { action: 'audit.export', details: { filters } });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-trail-${day}.csv"`)
        .send(Readable.from(auditCsv(req.tdb, filters)));
    },
  );
}
