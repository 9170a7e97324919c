import { useDeferredValue, useState } from 'react';
import {
  AnchorButton,
  Button,
  H3,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { useFormatDate } from '../../shell/dates';
import { AUDIT_ACTIONS, TARGET_TYPES, actionKey, auditPage, exportUrl, type AuditFilters, type AuditRow } from './api';
import { AuditDetails } from './AuditDetails';
import './audit.css';

/** /app/audit (system administrators): the tenant's audit trail, filtered, paged by cursor, exported as CSV. */
export function AuditTrailPage() {
  const { t } = useTranslation();
  const fmt = useFormatDate();
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim());
  const [action, setAction] = useState('');
  const [targetType, setTargetType] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [actor, setActor] = useState<{ id: string; name: string } | null>(null);
  const [open, setOpen] = useState<AuditRow | null>(null);
  const filters: AuditFilters = {
    ...(term && { search: term }),
    ...(action && { action }),
    ...(targetType && { targetType }),
    ...(from && { from }),
    ...(to && { to }),
    ...(actor && { actorId: actor.id }),
  };
  const list = useInfiniteQuery({
    queryKey: ['audit', filters],
    queryFn: ({ pageParam }) => auditPage(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const total = list.data?.pages[0];
  const label = (a: string) => t(actionKey(a), { defaultValue: a });
  return (
    <main className="audit-page">
      <header className="audit-header">
        <H3>{t('AUDIT.TITLE')}</H3>
        <span className="spacer" />
        <AnchorButton icon="download" text={t('AUDIT.EXPORT')} href={exportUrl(filters)} download />
      </header>
      <p className="bp6-text-muted">{t('AUDIT.ABOUT')}</p>
      <div className="audit-filters" role="search">
        <InputGroup
          type="search"
          leftIcon="search"
          aria-label={t('AUDIT.SEARCH')}
          placeholder={t('AUDIT.SEARCH')}
          value={search}
          onValueChange={setSearch}
        />
        <HTMLSelect aria-label={t('AUDIT.ACTION_FILTER')} value={action} onChange={(e) => setAction(e.target.value)}>
          <option value="">{t('AUDIT.ALL_ACTIONS')}</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {label(a)}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect
          aria-label={t('AUDIT.TARGET_FILTER')}
          value={targetType}
          onChange={(e) => setTargetType(e.target.value)}
        >
          <option value="">{t('AUDIT.ALL_TARGETS')}</option>
          {TARGET_TYPES.map((x) => (
            <option key={x} value={x}>
              {t(`AUDIT.TYPE.${x.toUpperCase()}`)}
            </option>
          ))}
        </HTMLSelect>
        <label className="audit-date">
          {t('AUDIT.DATE_FROM')}
          <InputGroup type="date" value={from} onValueChange={setFrom} aria-label={t('AUDIT.DATE_FROM')} />
        </label>
        <label className="audit-date">
          {t('AUDIT.DATE_TO')}
          <InputGroup type="date" value={to} onValueChange={setTo} aria-label={t('AUDIT.DATE_TO')} />
        </label>
        {actor && (
          <Tag large onRemove={() => setActor(null)} data-tenant-text>
            {t('AUDIT.BY', { name: actor.name })}
          </Tag>
        )}
      </div>
      {list.isLoading ? (
        <Spinner />
      ) : list.error ? (
        <NonIdealState icon="error" title={errorMessage(list.error)} />
      ) : !rows.length ? (
        <NonIdealState icon="history" title={t('AUDIT.NONE')} />
      ) : (
        <>
          <span className="bp6-text-muted" aria-live="polite">
            {t(total?.countCapped ? 'AUDIT.COUNT_MORE' : 'AUDIT.COUNT', { count: total?.recordsTotal ?? 0 })}
          </span>
          <HTMLTable striped compact interactive aria-label={t('AUDIT.TITLE')} className="audit-table">
            <thead>
              <tr>
                <th>{t('AUDIT.WHEN')}</th>
                <th>{t('AUDIT.WHO')}</th>
                <th>{t('AUDIT.ACTION_COLUMN')}</th>
                <th>{t('AUDIT.TARGET')}</th>
                <th>{t('AUDIT.FROM')}</th>
                <th>
                  <span className="visually-hidden">{t('AUDIT.DETAILS')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} data-testid={`audit-row-${r.id}`} data-action={r.action}>
                  <td>{fmt(r.at, true)}</td>
                  <td>
                    {r.actorId ? (
                      <Button
                        variant="minimal"
                        size="small"
                        text={r.actorName ?? r.actorId}
                        aria-label={t('AUDIT.ONLY_BY', { name: r.actorName ?? r.actorId })}
                        onClick={() => setActor({ id: r.actorId!, name: r.actorName ?? r.actorId! })}
                        data-tenant-text
                      />
                    ) : (
                      (r.actorName ?? '—')
                    )}
                  </td>
                  <td>
                    <Tag minimal intent={r.action.endsWith('failed') ? 'danger' : 'none'}>
                      {label(r.action)}
                    </Tag>
                  </td>
                  <td data-tenant-text>{r.targetLabel ?? r.targetId ?? '—'}</td>
                  <td>{r.ip ?? '—'}</td>
                  <td>
                    <Button
                      variant="minimal"
                      size="small"
                      icon="eye-open"
                      aria-label={t('AUDIT.OPEN', { action: label(r.action) })}
                      onClick={() => setOpen(r)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          {list.hasNextPage && (
            <Button
              className="audit-more"
              icon="more"
              text={t('AUDIT.LOAD_MORE')}
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            />
          )}
        </>
      )}
      <AuditDetails row={open} onClose={() => setOpen(null)} />
    </main>
  );
}
