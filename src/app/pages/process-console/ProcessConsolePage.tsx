import { useDeferredValue, useState } from 'react';
import {
  Button,
  H3,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  NonIdealState,
  Spinner,
  Tag,
  type Intent,
} from '@blueprintjs/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { useFormatDate } from '../../shell/dates';
import { OUTCOMES, STATUSES, apps, instancePage, people, statusKey, type InstanceFilter } from './api';
import { InstanceDrawer } from './InstanceDrawer';
import { BulkJobs } from './BulkJobs';
import { ElsaButtons } from './ElsaButtons';
import './process-console.css';

export const STATUS_INTENT: Record<string, Intent> = {
  Running: 'primary',
  Faulted: 'danger',
  Completed: 'success',
  'Not Started': 'none',
};

/** /process-engine (system administrators): every workflow instance across apps, filtered, paged by cursor. */
export function ProcessConsolePage() {
  const { t } = useTranslation();
  const fmt = useFormatDate();
  const navigate = useNavigate();
  const { recordId } = useParams();
  const [filter, setFilter] = useState<InstanceFilter>({});
  const [step, setStep] = useState('');
  const stepTerm = useDeferredValue(step.trim());
  const appList = useQuery({ queryKey: ['process-console', 'apps'], queryFn: apps });
  const users = useQuery({ queryKey: ['process-console', 'people'], queryFn: people });
  const f: InstanceFilter = { ...filter, ...(stepTerm && { step: stepTerm }) };
  const list = useInfiniteQuery({
    queryKey: ['process-console', 'instances', f],
    queryFn: ({ pageParam }) => instancePage(f, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const first = list.data?.pages[0];
  const set = (k: keyof InstanceFilter) => (v: string) =>
    setFilter(({ [k]: _old, ...rest }) => (v ? { ...rest, [k]: v } : rest));
  return (
    <main className="pcon-page">
      <header className="pcon-header">
        <H3>{t('PROCESSCONSOLE.TITLE')}</H3>
        <span className="spacer" />
        <ElsaButtons moduleId={filter.moduleId} />
      </header>
      <p className="bp6-text-muted">{t('PROCESSCONSOLE.ABOUT')}</p>
      <div className="pcon-filters" role="search">
        <HTMLSelect
          aria-label={t('PROCESSCONSOLE.APP')}
          value={filter.moduleId ?? ''}
          onChange={(e) => set('moduleId')(e.target.value)}
        >
          <option value="">{t('PROCESSCONSOLE.ALL_APPS')}</option>
          {appList.data?.map((a) => (
            <option key={a.id} value={a.id}>
              {a.display_name}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect
          aria-label={t('PROCESSCONSOLE.STATUS_FILTER')}
          value={filter.status ?? ''}
          onChange={(e) => set('status')(e.target.value)}
        >
          <option value="">{t('PROCESSCONSOLE.ALL_STATUSES')}</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(statusKey(s))}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect
          aria-label={t('PROCESSCONSOLE.OUTCOME')}
          value={filter.outcome ?? ''}
          onChange={(e) => set('outcome')(e.target.value)}
        >
          <option value="">{t('PROCESSCONSOLE.ALL_OUTCOMES')}</option>
          {OUTCOMES.map((s) => (
            <option key={s} value={s}>
              {t(`PROCESSCONSOLE.OUTCOMES.${s.toUpperCase()}`)}
            </option>
          ))}
        </HTMLSelect>
        <InputGroup
          aria-label={t('PROCESSCONSOLE.STEP')}
          placeholder={t('PROCESSCONSOLE.STEP')}
          value={step}
          onValueChange={setStep}
        />
        <HTMLSelect
          aria-label={t('PROCESSCONSOLE.INITIATOR')}
          value={filter.initiatorId ?? ''}
          onChange={(e) => set('initiatorId')(e.target.value)}
        >
          <option value="">{t('PROCESSCONSOLE.ANYONE')}</option>
          {users.data?.map((u) => (
            <option key={u.id} value={u.id} data-tenant-text>
              {u.name}
            </option>
          ))}
        </HTMLSelect>
        <label className="pcon-date">
          {t('PROCESSCONSOLE.STARTED_AFTER')}
          <InputGroup
            type="date"
            value={filter.startedAfter ?? ''}
            onValueChange={set('startedAfter')}
            aria-label={t('PROCESSCONSOLE.STARTED_AFTER')}
          />
        </label>
        <label className="pcon-date">
          {t('PROCESSCONSOLE.STARTED_BEFORE')}
          <InputGroup
            type="date"
            value={filter.startedBefore ?? ''}
            onValueChange={set('startedBefore')}
            aria-label={t('PROCESSCONSOLE.STARTED_BEFORE')}
          />
        </label>
      </div>
      <BulkJobs filter={f} total={first?.recordsTotal ?? 0} onChanged={() => void list.refetch()} />
      {list.isLoading ? (
        <Spinner />
      ) : list.error ? (
        <NonIdealState icon="error" title={errorMessage(list.error)} />
      ) : !rows.length ? (
        <NonIdealState icon="flow-branch" title={t('PROCESSCONSOLE.NONE')} />
      ) : (
        <>
          <span className="bp6-text-muted" aria-live="polite">
            {t(first?.countCapped ? 'PROCESSCONSOLE.COUNT_MORE' : 'PROCESSCONSOLE.COUNT', {
              count: first?.recordsTotal ?? 0,
            })}
          </span>
          <HTMLTable compact interactive aria-label={t('PROCESSCONSOLE.TITLE')} className="pcon-table">
            <thead>
              <tr>
                <th>{t('PROCESSCONSOLE.APP')}</th>
                <th>{t('PROCESSCONSOLE.STATUS_FILTER')}</th>
                <th>{t('PROCESSCONSOLE.STEP')}</th>
                <th>{t('PROCESSCONSOLE.INITIATOR')}</th>
                <th>{t('PROCESSCONSOLE.STARTED')}</th>
                <th>{t('PROCESSCONSOLE.VERSION')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr
                  key={r.recordId}
                  data-testid={`pcon-row-${r.recordId}`}
                  onClick={() => navigate(`/process-engine/${r.recordId}`)}
                >
                  <td data-tenant-text>
                    <a href={`/process-engine/${r.recordId}`} onClick={(e) => e.preventDefault()}>
                      {r.appName}
                    </a>
                  </td>
                  <td>
                    <Tag minimal intent={STATUS_INTENT[r.status]}>
                      {t(statusKey(r.status))}
                    </Tag>{' '}
                    {r.outcome && (
                      <span className="bp6-text-muted">{t(`PROCESSCONSOLE.OUTCOMES.${r.outcome.toUpperCase()}`)}</span>
                    )}
                  </td>
                  <td data-tenant-text>{r.step ?? '—'}</td>
                  <td data-tenant-text>{r.initiatorName ?? '—'}</td>
                  <td>{r.startedOn ? fmt(r.startedOn, true) : '—'}</td>
                  <td>{r.moduleVersion}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          {list.hasNextPage && (
            <Button
              className="pcon-more"
              icon="more"
              text={t('PROCESSCONSOLE.LOAD_MORE')}
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            />
          )}
        </>
      )}
      <InstanceDrawer
        recordId={recordId ?? null}
        onClose={() => navigate('/process-engine')}
        onChanged={() => void list.refetch()}
      />
    </main>
  );
}
