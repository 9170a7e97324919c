import { api, call } from '../../api/client';
import type { SaveHeaderBody, SecurityHeader } from '../../../server/credentials/schemas';

export type { HeaderKind, SaveHeaderBody, SecurityHeader } from '../../../server/credentials/schemas';

const S = '/dataconnector/securityheader';

export const fetchSecurityHeaders = () =>
  call<{ data: SecurityHeader[] }>(api.post(`${S}/datatables`, { page: 1, length: 1000 })).then((p) => p.data);
export const saveSecurityHeader = (body: SaveHeaderBody) => call<SecurityHeader>(api.post(`${S}/save`, body));
export const deleteSecurityHeader = (id: string) => call<{ id: string }>(api.post(`${S}/delete`, { id }));
