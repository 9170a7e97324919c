import { Fragment, useDeferredValue, useState } from 'react';
import { Button, H3, HTMLSelect, HTMLTable, InputGroup, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../components/Pager';
import { errorMessage } from '../../api/client';
import { useFormatDate } from '../../shell/dates';
import { eventLabelKey } from '../webhooks/events';
import { fetchRunLog, type RunLogRow } from './api';

const CONNECTOR_TRIGGERS = ['test', 'execute', 'run', 'step'];

/**
 * The run log: every call to another system, connector calls and webhook attempts alike, newest first, with the
 * request as sent (credentials masked), the answer's start, the egress decision and what caused it.
 */
export function RunLog() {
  const { t } = useTranslation();
  const fmt = useFormatDate();
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState('');
  const [outcome, setOutcome] = useState('');
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim());
  const [open, setOpen] = useState<string | null>(null);
  const log = useQuery({
    queryKey: ['runlog', page, kind, outcome, term],
    queryFn: () => fetchRunLog({ page, kind, outcome, search: term }),
  });
  const rows = log.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((log.data?.recordsFiltered ?? 0) / 25));
  const cause = (r: RunLogRow) =>
    CONNECTOR_TRIGGERS.includes(r.trigger) ? t(`DC.TRIGGER_${r.trigger.toUpperCase()}`) : t(eventLabelKey(r.trigger));
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => (set(v), setPage(1));
  return (
    <section className="dc-runlog" aria-label={t('DC.RUN_LOG')}>
      <header className="dc-header">
        <H3>{t('DC.RUN_LOG')}</H3>
        <span className="spacer" />
        <Button icon="refresh" text={t('DC.REFRESH')} onClick={() => void log.refetch()} />
      </header>
      <p className="bp6-text-muted">{t('DC.RUN_LOG_ABOUT')}</p>
      <div className="dc-runlog-tools">
        <InputGroup
          type="search"
          leftIcon="search"
          aria-label={t('DC.SEARCH_LOG')}
          placeholder={t('DC.SEARCH_LOG')}
          value={search}
          onValueChange={reset(setSearch)}
        />
        <HTMLSelect
          aria-label={t('DC.LOG_KIND')}
          value={kind}
          onChange={(e) => reset(setKind)(e.target.value)}
          options={[
            { value: '', label: t('DC.LOG_KIND_ALL') },
            { value: 'connector', label: t('DC.LOG_KIND_CONNECTOR') },
            { value: 'webhook', label: t('DC.LOG_KIND_WEBHOOK') },
          ]}
        />
        <HTMLSelect
          aria-label={t('DC.LOG_OUTCOME')}
          value={outcome}
          onChange={(e) => reset(setOutcome)(e.target.value)}
          options={[
            { value: '', label: t('DC.LOG_OUTCOME_ALL') },
            { value: 'ok', label: t('DC.LOG_OUTCOME_OK') },
            { value: 'failed', label: t('DC.LOG_OUTCOME_FAILED') },
            { value: 'refused', label: t('DC.LOG_OUTCOME_REFUSED') },
          ]}
        />
      </div>
      {log.isLoading ? (
        <Spinner />
      ) : log.error ? (
        <NonIdealState icon="error" title={errorMessage(log.error)} />
      ) : !rows.length ? (
        <p className="bp6-text-muted">{t('DC.NO_RUNS')}</p>
      ) : (
        <HTMLTable compact striped className="dc-table" aria-label={t('DC.RUN_LOG')}>
          <thead>
            <tr>
              <th>{t('DC.WHEN')}</th>
              <th>{t('DC.SOURCE')}</th>
              <th>{t('DC.CAUSE')}</th>
              <th>{t('DC.REQUEST')}</th>
              <th>{t('DC.RESULT')}</th>
              <th>
                <span className="visually-hidden">{t('DC.ACTIONS')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <Fragment key={r.id}>
                <tr data-testid={`run-${r.outcome}`}>
                  <td className="dc-nowrap">{fmt(r.created_on, true)}</td>
                  <td data-tenant-text>{r.source_name}</td>
                  <td>{cause(r)}</td>
                  <td className="dc-url" data-tenant-text>
                    {r.method} {r.url}
                  </td>
                  <td>
                    <Tag
                      intent={
                        r.outcome === 'ok' ? Intent.SUCCESS : r.outcome === 'refused' ? Intent.WARNING : Intent.DANGER
                      }
                    >
                      {r.status ?? t(`DC.LOG_OUTCOME_${r.outcome.toUpperCase()}`)}
                    </Tag>{' '}
                    <span className="bp6-text-muted dc-nowrap">{t('DC.MS', { ms: r.duration_ms })}</span>
                  </td>
                  <td>
                    <Button
                      small
                      minimal
                      icon={open === r.id ? 'chevron-up' : 'chevron-down'}
                      aria-expanded={open === r.id}
                      aria-label={t('DC.SHOW_DETAILS')}
                      onClick={() => setOpen(open === r.id ? null : r.id)}
                    />
                  </td>
                </tr>
                {open === r.id && (
                  <tr>
                    <td colSpan={6}>
                      {r.error && <p className="dc-run-error">{r.error}</p>}
                      <pre className="dc-run-text" aria-label={t('DC.REQUEST')}>
                        {r.request ?? ''}
                      </pre>
                      <pre className="dc-run-text" aria-label={t('DC.ANSWER')}>
                        {r.response ?? t('DC.NO_ANSWER')}
                      </pre>
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <Pager
        page={page}
        pages={pages}
        onPage={setPage}
        texts={{ previous: t('DC.PREVIOUS'), next: t('DC.NEXT'), page: t('DC.PAGE', { page, pages }) }}
      />
    </section>
  );
}
