import type { FastifyRequest } from 'fastify';
import { ok, type ApiApp } from '../http/api.js';
import { rolesOf } from '../access/index.js';
import { recordDetail } from '../records/detail.js';
import {
  ConnectorAnswer,
  ConnectorNamesAnswer,
  ConnectorPageAnswer,
  ConnectorRef,
  CopyBody,
  DeletedAnswer,
  DescribeBody,
  OperationsAnswer,
  ExecuteBody,
  FetchQuery,
  IdsBody,
  ListBody,
  ResultAnswer,
  RunBody,
  SaveConnectorBody,
  TestBody,
} from './schemas.js';
import {
  checkedConfig,
  connectorById,
  connectorNames,
  copyConnector,
  deleteConnectors,
  listConnectors,
  saveConnector,
} from './service.js';
import { describeConnector, runConnector } from './run.js';

const D = '/api/dataconnector';
const W = '/api/workflowapi';
const tags = ['data connectors'];
/** Connectors are built and run by designers (spec: data connector screens for full users and consultants). */
const designers = { roles: rolesOf('designers') };

export function connectorRoutes(app: ApiApp) {
  const egressOf = (req: FastifyRequest) => ({ allowPrivate: req.tenant.allow_private_egress === 1, log: req.log });
  app.post(
    `${D}/save`,
    { config: designers, schema: { tags, body: SaveConnectorBody, response: { 200: ConnectorAnswer } } },
    async (req) => ok(await saveConnector(req.tdb, req.user, req.body), 'The connector has been saved.'),
  );
  app.post(
    `${D}/copyfrom`,
    { config: designers, schema: { tags, body: CopyBody, response: { 200: ConnectorAnswer } } },
    async (req) =>
      ok(await copyConnector(req.tdb, req.user, req.body.id, req.body.name), 'The connector has been copied.'),
  );
  app.get(
    `${D}/fetch`,
    { config: designers, schema: { tags, querystring: FetchQuery, response: { 200: ConnectorNamesAnswer } } },
    async (req) => ok(await connectorNames(req.tdb, req.query.dcType)),
  );
  app.post(
    `${D}/datatables`,
    { config: designers, schema: { tags, body: ListBody, response: { 200: ConnectorPageAnswer } } },
    async (req) => ok(await listConnectors(req.tdb, req.body)),
  );
  app.post(
    `${D}/deletebyids`,
    { config: designers, schema: { tags, body: IdsBody, response: { 200: DeletedAnswer } } },
    async (req) => ok(await deleteConnectors(req.tdb, req.body.ids), 'The connectors have been deleted.'),
  );
  app.post(
    `${D}/deletebyid`,
    { config: designers, schema: { tags, body: ConnectorRef, response: { 200: DeletedAnswer } } },
    async (req) => ok(await deleteConnectors(req.tdb, [req.body.id]), 'The connector has been deleted.'),
  );
  app.get(
    `${D}/:id/detail`,
    { config: designers, schema: { tags, params: ConnectorRef, response: { 200: ConnectorAnswer } } },
    async (req) => ok(await connectorById(req.tdb, req.params.id)),
  );
  app.post(
    `${D}/test`,
    { config: designers, schema: { tags, body: TestBody, response: { 200: ResultAnswer } } },
    async (req) => {
      const config = await checkedConfig(req.body.dcType, req.body.config);
      const c = { dcType: req.body.dcType, config, securityHeaderId: req.body.securityHeaderId };
      // A test of settings not saved yet is logged under the kind's name.
      const trace = { trigger: 'test' as const, connectorName: `${req.body.dcType} (test)` };
      return ok(await runConnector(req.tdb, c, req.body.input ?? {}, egressOf(req), trace));
    },
  );
  app.post(
    `${D}/describe`,
    { config: designers, schema: { tags, body: DescribeBody, response: { 200: OperationsAnswer } } },
    async (req) => {
      const c = { ...req.body, config: { ...req.body.config } };
      return ok(await describeConnector(req.tdb, c, egressOf(req)));
    },
  );
  app.post(
    `${W}/dataconnectorexecute`,
    { config: designers, schema: { tags, body: ExecuteBody, response: { 200: ResultAnswer } } },
    async (req) => {
      const c = await connectorById(req.tdb, req.body.id);
      const trace = { trigger: 'execute' as const, connectorId: c.id, connectorName: c.name };
      return ok(await runConnector(req.tdb, c, req.body.input ?? {}, egressOf(req), trace));
    },
  );
  app.post(
    `${W}/rundataconnector`,
    { config: designers, schema: { tags, body: RunBody, response: { 200: ResultAnswer } } },
    async (req) => {
      const c = await connectorById(req.tdb, req.body.id);
      // The record's values as the caller sees them at its step: hidden fields never go out.
      const record = await recordDetail(req.tdb, req.user, req.body.recordId);
      const trace = { trigger: 'run' as const, connectorId: c.id, connectorName: c.name, recordId: record.id };
      return ok(await runConnector(req.tdb, c, record.data, egressOf(req), trace));
    },
  );
}
