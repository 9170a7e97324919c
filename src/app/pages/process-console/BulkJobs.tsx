import { useState } from 'react';
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLSelect,
  HTMLTable,
  ProgressBar,
  Tag,
} from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { controlJob, jobs, migrationPreview, people, startJob, type InstanceFilter, type Job } from './api';

type Kind = 'cancel' | 'retry' | 'reassign' | 'migrate';

/** Bulk operations over the list's filter, run as background jobs, and their progress (polled while running). */
export function BulkJobs({
  filter,
  total,
  onChanged,
}: {
  filter: InstanceFilter;
  total: number;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [kind, setKind] = useState<Kind | null>(null);
  const list = useQuery({
    queryKey: ['process-console', 'jobs'],
    queryFn: jobs,
    refetchInterval: (q) => (q.state.data?.some((j) => j.status === 'running') ? 1000 : false),
  });
  const control = useMutation({
    mutationFn: (a: { id: string; op: 'pause' | 'resume' | 'cancel' }) => controlJob(a.id, a.op),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['process-console', 'jobs'] }),
  });
  const shown = list.data?.filter((j) => j.status !== 'done' || Date.now() - Date.parse(j.finishedOn ?? '') < 600_000);
  return (
    <section aria-label={t('PROCESSCONSOLE.BULK')}>
      <div className="pcon-bulk">
        <span className="bp6-text-muted">{t('PROCESSCONSOLE.BULK_ABOUT')}</span>
        {(['retry', 'cancel', 'reassign', 'migrate'] as const).map((k) => (
          <Button
            key={k}
            size="small"
            text={t(`PROCESSCONSOLE.BULK_${k.toUpperCase()}`)}
            disabled={!total || (k === 'migrate' && !filter.moduleId)}
            onClick={() => setKind(k)}
          />
        ))}
      </div>
      {!!shown?.length && (
        <HTMLTable compact className="pcon-table" aria-label={t('PROCESSCONSOLE.JOBS')}>
          <tbody>
            {shown.map((j) => (
              <JobRow
                key={j.id}
                job={j}
                busy={control.isPending}
                onControl={(op) => control.mutate({ id: j.id, op })}
              />
            ))}
          </tbody>
        </HTMLTable>
      )}
      {kind && (
        <StartDialog
          kind={kind}
          filter={filter}
          total={total}
          onClose={() => setKind(null)}
          onStarted={() => {
            setKind(null);
            void qc.invalidateQueries({ queryKey: ['process-console', 'jobs'] });
            onChanged();
          }}
        />
      )}
    </section>
  );
}

function JobRow({
  job,
  busy,
  onControl,
}: {
  job: Job;
  busy: boolean;
  onControl: (op: 'pause' | 'resume' | 'cancel') => void;
}) {
  const { t } = useTranslation();
  const settled = job.done + job.failed;
  return (
    <tr data-testid={`pcon-job-${job.id}`}>
      <td>{t(`PROCESSCONSOLE.BULK_${job.kind.toUpperCase()}`)}</td>
      <td style={{ minWidth: 200 }}>
        <ProgressBar
          value={job.total ? settled / job.total : 1}
          animate={job.status === 'running'}
          stripes={job.status === 'running'}
          intent={job.failed ? 'warning' : 'primary'}
        />
      </td>
      <td>
        {t('PROCESSCONSOLE.PROGRESS', { done: job.done, failed: job.failed, total: job.total })}{' '}
        <Tag minimal>{t(`PROCESSCONSOLE.JOB_STATUS.${job.status.toUpperCase()}`)}</Tag>
        {job.lastError && <div className="bp6-text-muted">{job.lastError}</div>}
      </td>
      <td>
        {job.status === 'running' && (
          <Button
            size="small"
            icon="pause"
            aria-label={t('PROCESSCONSOLE.PAUSE')}
            disabled={busy}
            onClick={() => onControl('pause')}
          />
        )}
        {job.status === 'paused' && (
          <Button
            size="small"
            icon="play"
            aria-label={t('PROCESSCONSOLE.RESUME')}
            disabled={busy}
            onClick={() => onControl('resume')}
          />
        )}
        {(job.status === 'running' || job.status === 'paused') && (
          <Button
            size="small"
            icon="stop"
            aria-label={t('PROCESSCONSOLE.STOP')}
            disabled={busy}
            onClick={() => onControl('cancel')}
          />
        )}
      </td>
    </tr>
  );
}

/** Confirms a bulk operation; reassign asks for the user, migrate shows the preview and asks where missing steps go. */
function StartDialog(p: {
  kind: Kind;
  filter: InstanceFilter;
  total: number;
  onClose: () => void;
  onStarted: () => void;
}) {
  const { t } = useTranslation();
  const [userId, setUserId] = useState('');
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const users = useQuery({ queryKey: ['process-console', 'people'], queryFn: people, enabled: p.kind === 'reassign' });
  const preview = useQuery({
    queryKey: ['process-console', 'preview', p.filter.moduleId],
    queryFn: () => migrationPreview(p.filter.moduleId!),
    enabled: p.kind === 'migrate' && !!p.filter.moduleId,
  });
  const start = useMutation({
    mutationFn: () => startJob({ kind: p.kind, filter: p.filter, userId: userId || null, mapping }),
    onSuccess: p.onStarted,
  });
  const title = t(`PROCESSCONSOLE.BULK_${p.kind.toUpperCase()}`);
  return (
    <Dialog isOpen onClose={p.onClose} title={title}>
      <DialogBody>
        <p>{t('PROCESSCONSOLE.BULK_CONFIRM', { count: p.total })}</p>
        {p.kind === 'reassign' && (
          <HTMLSelect
            aria-label={t('PROCESSCONSOLE.REASSIGN_TO')}
            value={userId}
            onChange={(e) => setUserId(e.target.value)}
          >
            <option value="">{t('PROCESSCONSOLE.REASSIGN_TO')}</option>
            {users.data?.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
          </HTMLSelect>
        )}
        {p.kind === 'migrate' && preview.data && (
          <>
            <p>
              {t('PROCESSCONSOLE.PREVIEW', {
                version: preview.data.newestVersion,
                can: preview.data.canMigrate,
                need: preview.data.needMapping,
              })}
            </p>
            <HTMLTable compact striped className="pcon-table">
              <tbody>
                {preview.data.groups.map((g) => (
                  <tr key={`${g.fromVersion}:${g.stepId}`}>
                    <td>{t('PROCESSCONSOLE.VERSION_N', { version: g.fromVersion })}</td>
                    <td data-tenant-text>{g.stepTitle ?? '—'}</td>
                    <td>{g.count}</td>
                    <td>
                      {g.exists || !g.stepId ? (
                        <Tag minimal intent="success">
                          {t('PROCESSCONSOLE.STEP_KEPT')}
                        </Tag>
                      ) : (
                        <HTMLSelect
                          aria-label={t('PROCESSCONSOLE.TARGET_STEP')}
                          value={mapping[g.stepId] ?? ''}
                          onChange={(e) => setMapping((m) => ({ ...m, [g.stepId!]: e.target.value }))}
                        >
                          <option value="">{t('PROCESSCONSOLE.TARGET_STEP')}</option>
                          {preview.data.targets.map((s) => (
                            <option key={s.activityId} value={s.activityId}>
                              {s.title}
                            </option>
                          ))}
                        </HTMLSelect>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </>
        )}
        {start.error && <Callout intent="danger">{errorMessage(start.error)}</Callout>}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('PROCESSCONSOLE.CLOSE')} onClick={p.onClose} />
            <Button
              intent="primary"
              text={t('PROCESSCONSOLE.START')}
              loading={start.isPending}
              disabled={p.kind === 'reassign' && !userId}
              onClick={() => start.mutate()}
            />
          </>
        }
      />
    </Dialog>
  );
}
