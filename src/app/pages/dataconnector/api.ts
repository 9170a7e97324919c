import { api, call } from '../../api/client';
import type { SaveHeaderBody, SecurityHeader } from '../../../server/credentials/schemas';
import type { Connector, SaveConnectorBody } from '../../../server/connectors/schemas';
import type { ConnectorOperation } from '../../../../runtime/plugin-contract';

export type { HeaderKind, SaveHeaderBody, SecurityHeader } from '../../../server/credentials/schemas';
export type { Connector, SaveConnectorBody } from '../../../server/connectors/schemas';
export type { ConnectorOperation } from '../../../../runtime/plugin-contract';

const S = '/dataconnector/securityheader';

export const fetchSecurityHeaders = () =>
  call<{ data: SecurityHeader[] }>(api.post(`${S}/datatables`, { page: 1, length: 1000 })).then((p) => p.data);
export const saveSecurityHeader = (body: SaveHeaderBody) => call<SecurityHeader>(api.post(`${S}/save`, body));
export const deleteSecurityHeader = (id: string) => call<{ id: string }>(api.post(`${S}/delete`, { id }));

/** A connector run: the request as sent (credentials masked), the answer, the values it gives fields. */
export interface ConnectorRun {
  request: { method: string; url: string; headers: Record<string, string>; body?: string };
  status: number;
  response: unknown;
  outputs: Record<string, unknown>;
  columns: string[];
  durationMs: number;
}

const D = '/dataconnector';
export const connectorNames = () => call<{ id: string; name: string; dcType: string }[]>(api.get(`${D}/fetch`));
export const listConnectors = (dcType: string, search: string) =>
  call<{ data: Connector[]; recordsFiltered: number }>(
    api.post(`${D}/datatables`, { dcType, search, page: 1, length: 1000 }),
  );
export const connectorDetail = (id: string) => call<Connector>(api.get(`${D}/${encodeURIComponent(id)}/detail`));
export const saveConnector = (body: SaveConnectorBody) => call<Connector>(api.post(`${D}/save`, body));
export const copyConnector = (id: string, name: string) => call<Connector>(api.post(`${D}/copyfrom`, { id, name }));
export const deleteConnector = (id: string) => call<{ deleted: number }>(api.post(`${D}/deletebyid`, { id }));
export const testConnector = (body: {
  dcType: string;
  config: Record<string, unknown>;
  securityHeaderId?: string | null;
  input: Record<string, unknown>;
}) => call<ConnectorRun>(api.post(`${D}/test`, body));

export const describeConnector = (body: {
  dcType: string;
  config: Record<string, unknown>;
  securityHeaderId?: string | null;
}) => call<ConnectorOperation[]>(api.post(`${D}/describe`, body));

export type { RunLogRow } from '../../../server/runlog/schemas';
export const fetchRunLog = (q: { page: number; search: string; kind: string; outcome: string }) =>
  call<{ data: import('../../../server/runlog/schemas').RunLogRow[]; recordsFiltered: number; countCapped?: boolean }>(
    api.post('/runlog/datatables', {
      page: q.page,
      length: 25,
      search: q.search,
      ...(q.kind ? { kind: q.kind } : {}),
      ...(q.outcome ? { outcome: q.outcome } : {}),
    }),
  );
