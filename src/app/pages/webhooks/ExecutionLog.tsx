import { useState } from 'react';
import { Button, FormGroup, HTMLSelect, HTMLTable, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../components/Pager';
import { errorMessage } from '../../api/client';
import { toastError, toastSuccess } from '../../components/toaster';
import { queryKeys } from '../../realtime/query-keys';
import { useFormatDate } from '../../shell/dates';
import { executionLog, replayDelivery, replayFailedSince, type Attempt } from './api';
import { eventLabelKey } from './events';

type Outcome = '' | 'delivered' | 'failed';

/** A webhook's attempts, newest first: status, time taken, the answer's start; replay one, or all failed since. */
export function ExecutionLog({ webhookId }: { webhookId: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const fmt = useFormatDate();
  const [page, setPage] = useState(1);
  const [outcome, setOutcome] = useState<Outcome>('');
  const [since, setSince] = useState(() => new Date(Date.now() - 86_400_000).toISOString().slice(0, 16));
  const log = useQuery({
    queryKey: queryKeys.webhookLog(webhookId, page, outcome),
    queryFn: () => executionLog(webhookId, page, outcome || undefined),
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: queryKeys.webhooks });
  const done = (n: number) => {
    void toastSuccess(t('WH.REPLAYED', { count: n }));
    // The sender picks replays up at once; look again a moment later to show the new attempts.
    setTimeout(refresh, 1500);
    refresh();
  };
  const one = useMutation({
    mutationFn: (a: Attempt) => replayDelivery(a.deliveryId),
    onSuccess: (r) => done(r.replayed),
    onError: (e) => void toastError(errorMessage(e)),
  });
  const all = useMutation({
    mutationFn: () => replayFailedSince(webhookId, new Date(since).toISOString()),
    onSuccess: (r) => done(r.replayed),
    onError: (e) => void toastError(errorMessage(e)),
  });
  const rows = log.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((log.data?.recordsFiltered ?? 0) / 25));
  return (
    <div className="wh-log">
      <div className="wh-log-tools">
        <FormGroup label={t('WH.SHOW')} labelFor="wh-outcome">
          <HTMLSelect
            id="wh-outcome"
            value={outcome}
            onChange={(e) => {
              setOutcome(e.target.value as Outcome);
              setPage(1);
            }}
            options={[
              { value: '', label: t('WH.ALL_ATTEMPTS') },
              { value: 'delivered', label: t('WH.DELIVERED') },
              { value: 'failed', label: t('WH.FAILED_ATTEMPTS') },
            ]}
          />
        </FormGroup>
        <Button icon="refresh" text={t('WH.REFRESH')} onClick={refresh} />
        <span className="spacer" />
        <FormGroup label={t('WH.FAILED_SINCE')} labelFor="wh-since">
          <input
            id="wh-since"
            className="bp6-input"
            type="datetime-local"
            value={since}
            onChange={(e) => setSince(e.target.value)}
          />
        </FormGroup>
        <Button icon="redo" text={t('WH.REPLAY_FAILED')} loading={all.isPending} onClick={() => all.mutate()} />
      </div>
      {log.isLoading ? (
        <Spinner />
      ) : log.error ? (
        <NonIdealState icon="error" title={errorMessage(log.error)} />
      ) : !rows.length ? (
        <p className="bp6-text-muted">{t('WH.NO_ATTEMPTS')}</p>
      ) : (
        <HTMLTable compact striped className="wh-table" aria-label={t('WH.LOG')}>
          <thead>
            <tr>
              <th>{t('WH.WHEN')}</th>
              <th>{t('WH.EVENT')}</th>
              <th>{t('WH.ATTEMPT')}</th>
              <th>{t('WH.RESULT')}</th>
              <th>{t('WH.ANSWER')}</th>
              <th>
                <span className="visually-hidden">{t('WH.ACTIONS')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <tr key={a.id} data-testid={`attempt-${a.outcome}`}>
                <td className="wh-nowrap">{fmt(a.created_on, true)}</td>
                <td>{t(eventLabelKey(a.event))}</td>
                <td>{a.attempt}</td>
                <td>
                  <Tag intent={a.outcome === 'delivered' ? Intent.SUCCESS : Intent.DANGER}>
                    {a.statusCode ?? t('WH.NO_ANSWER')}
                  </Tag>{' '}
                  <span className="bp6-text-muted wh-nowrap">{t('WH.MS', { ms: a.durationMs })}</span>
                </td>
                <td className="wh-excerpt" data-tenant-text>
                  {a.responseExcerpt || a.error || ''}
                </td>
                <td>
                  {a.deliveryStatus === 'pending' ? (
                    <Tag minimal>{t('WH.RETRYING')}</Tag>
                  ) : (
                    <Button
                      small
                      minimal
                      icon="redo"
                      title={t('WH.REPLAY')}
                      aria-label={t('WH.REPLAY_ONE', { n: a.attempt })}
                      loading={one.isPending && one.variables?.id === a.id}
                      onClick={() => one.mutate(a)}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <Pager
        page={page}
        pages={pages}
        onPage={setPage}
        texts={{ previous: t('WH.PREVIOUS'), next: t('WH.NEXT'), page: t('WH.PAGE', { page, pages }) }}
      />
    </div>
  );
}
