import { api, call, currentToken } from '../../api/client';
import type { AuditFilters, AuditRow } from '../../../server/audit/schemas';

export type { AuditFilters, AuditRow } from '../../../server/audit/schemas';

export interface AuditPage {
  data: AuditRow[];
  recordsTotal: number;
  countCapped?: boolean;
  nextCursor?: string | null;
}

/** The spec's `/audittrail/datatables`: a page newest first, after the cursor of the page before. */
export const auditPage = (filters: AuditFilters, cursor: string | null) =>
  call<AuditPage>(api.post('/audittrail/datatables', { ...filters, cursor, length: 50 }));

/** A link that downloads the filtered trail as CSV (a download cannot send the bearer header: x-token). */
export function exportUrl(filters: AuditFilters): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) q.set(k, String(v));
  q.set('x-token', currentToken() ?? '');
  return `/api/audittrail/export?${q.toString()}`;
}

/** The actions the server records (the filter's choices; an unknown one still shows as written). */
export const AUDIT_ACTIONS = [
  'signin',
  'signin.failed',
  'record.create',
  'record.update',
  'record.delete',
  'workflow.approve',
  'workflow.reject',
  'workflow.resubmit',
  'workflow.sendback',
  'workflow.reassign',
  'app.publish',
  'app.permissions',
  'app.delete',
  'user.create',
  'user.roles',
  'user.deactivate',
  'user.reactivate',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'automation.create',
  'automation.update',
  'automation.delete',
  'audit.export',
  'connector.create',
  'connector.update',
  'connector.delete',
  'sso.settings',
  'signin.sso',
  'signin.sso.failed',
  'file.download',
  'report.export',
  'refdata.export',
] as const;

export const TARGET_TYPES = [
  'record',
  'user',
  'app',
  'webhook',
  'automation',
  'connector',
  'file',
  'report',
  'refdata',
  'sso',
] as const;

/** 'record.update' -> the locale key AUDIT.ACTION.RECORD_UPDATE. */
export const actionKey = (action: string) => `AUDIT.ACTION.${action.replace(/\./g, '_').toUpperCase()}`;
