import { Fragment } from 'react';
import { Drawer, HTMLTable, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../shell/dates';
import { actionKey, type AuditRow } from './api';

type Changes = Record<string, { from: unknown; to: unknown }>;

const show = (v: unknown) => (v == null || v === '' ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

/** One entry in a drawer: who, when, where from, on what, and each changed field old → new. */
export function AuditDetails({ row, onClose }: { row: AuditRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormatDate();
  const details = row?.details ?? {};
  const { changes, ...rest } = details as { changes?: Changes } & Record<string, unknown>;
  const changed = Object.entries(changes ?? {});
  return (
    <Drawer
      isOpen={!!row}
      onClose={onClose}
      title={row ? t(actionKey(row.action), { defaultValue: row.action }) : ''}
      icon="history"
      size="min(640px, 100%)"
      className="audit-drawer"
    >
      {row && (
        <div className="audit-drawer-body" data-testid="audit-details">
          <dl className="audit-facts">
            <dt>{t('AUDIT.WHEN')}</dt>
            <dd>{fmt(row.at, true)}</dd>
            <dt>{t('AUDIT.WHO')}</dt>
            <dd data-tenant-text>{row.actorName ?? row.actorId ?? '—'}</dd>
            <dt>{t('AUDIT.TARGET')}</dt>
            <dd data-tenant-text>
              {row.targetType ? t(`AUDIT.TYPE.${row.targetType.toUpperCase()}`, { defaultValue: row.targetType }) : '—'}{' '}
              {row.targetLabel ?? ''} {row.targetId ? <code>{row.targetId}</code> : null}
            </dd>
            <dt>{t('AUDIT.FROM')}</dt>
            <dd>
              {row.ip ?? '—'}
              {row.userAgent ? <div className="bp6-text-muted bp6-text-small">{row.userAgent}</div> : null}
            </dd>
            <dt>{t('AUDIT.SEAL')}</dt>
            <dd>
              <Tag minimal intent={row.sealed ? 'success' : 'none'}>
                {t(row.sealed ? 'AUDIT.SEALED' : 'AUDIT.UNSEALED')}
              </Tag>
            </dd>
            {Object.entries(rest).map(([k, v]) => (
              <Fragment key={k}>
                <dt>{t(`AUDIT.DETAIL.${k.toUpperCase()}`, { defaultValue: k })}</dt>
                <dd data-tenant-text>{show(v)}</dd>
              </Fragment>
            ))}
          </dl>
          {changed.length > 0 && (
            <HTMLTable compact striped className="audit-changes" aria-label={t('AUDIT.CHANGES')}>
              <thead>
                <tr>
                  <th>{t('AUDIT.FIELD')}</th>
                  <th>{t('AUDIT.OLD')}</th>
                  <th>{t('AUDIT.NEW')}</th>
                </tr>
              </thead>
              <tbody>
                {changed.map(([field, c]) => (
                  <tr key={field} data-testid={`audit-change-${field}`}>
                    <td>{field}</td>
                    <td className="audit-old" data-tenant-text>
                      {show(c.from)}
                    </td>
                    <td className="audit-new" data-tenant-text>
                      {show(c.to)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
        </div>
      )}
    </Drawer>
  );
}
