import { useState } from 'react';
import {
  Button,
  Callout,
  Drawer,
  HTMLSelect,
  HTMLTable,
  NonIdealState,
  Spinner,
  Tab,
  Tabs,
  Tag,
  Intent,
} from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { useFormatDate } from '../../shell/dates';
import {
  instanceDetail,
  migrationPreview,
  people,
  runAction,
  statusKey,
  type ConsoleAction,
  type InstanceDetail,
} from './api';
import { STATUS_INTENT } from './ProcessConsolePage';

/** One instance (a drawer over the list, /process-engine/:recordId): history, open tasks, values and repairs. */
export function InstanceDrawer(props: { recordId: string | null; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation();
  return (
    // Blueprint's own close button is named in English only: this one says it in the user's language.
    <Drawer
      isOpen={!!props.recordId}
      onClose={props.onClose}
      size="640px"
      title={t('PROCESSCONSOLE.INSTANCE')}
      isCloseButtonShown={false}
    >
      <Button
        className="pcon-close"
        variant="minimal"
        icon="cross"
        aria-label={t('PROCESSCONSOLE.CLOSE')}
        title={t('PROCESSCONSOLE.CLOSE')}
        onClick={props.onClose}
      />
      {props.recordId && <Body {...props} recordId={props.recordId} />}
    </Drawer>
  );
}

function Body({ recordId, onChanged }: { recordId: string; onChanged: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormatDate();
  const detail = useQuery({
    queryKey: ['process-console', 'instance', recordId],
    queryFn: () => instanceDetail(recordId),
  });
  if (detail.isLoading) return <Spinner />;
  if (detail.error || !detail.data) return <NonIdealState icon="error" title={errorMessage(detail.error)} />;
  const d = detail.data;
  const r = d.row;
  return (
    <div className="pcon-drawer-body" data-testid="pcon-instance">
      <div className="pcon-actions">
        <strong data-tenant-text>{r.appName}</strong>
        <Tag intent={STATUS_INTENT[r.status]} data-testid="pcon-status">
          {t(statusKey(r.status))}
        </Tag>
        {r.step && <span data-tenant-text>{r.step}</span>}
        <span className="bp6-text-muted">{t('PROCESSCONSOLE.VERSION_N', { version: r.moduleVersion })}</span>
      </div>
      {d.fault && (
        <Callout intent="danger" title={t('PROCESSCONSOLE.FAULT')}>
          {d.fault}
        </Callout>
      )}
      <Actions d={d} onChanged={onChanged} />
      <Tabs id="pcon-tabs" renderActiveTabPanelOnly>
        <Tab
          id="history"
          title={t('PROCESSCONSOLE.HISTORY')}
          panel={
            <HTMLTable compact striped className="pcon-table">
              <tbody>
                {d.history.map((h) => (
                  <tr key={h.id}>
                    <td>{fmt(h.at, true)}</td>
                    <td>{h.action}</td>
                    <td data-tenant-text>{h.activityTitle ?? ''}</td>
                    <td data-tenant-text>{h.author ?? ''}</td>
                    <td data-tenant-text>{[h.outcomes.join(', '), h.message].filter(Boolean).join(' — ')}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          }
        />
        <Tab
          id="tasks"
          title={t('PROCESSCONSOLE.OPEN_TASKS', { count: d.openTasks.length })}
          panel={
            d.openTasks.length ? (
              <HTMLTable compact striped className="pcon-table">
                <tbody>
                  {d.openTasks.map((x) => (
                    <tr key={x.id}>
                      <td data-tenant-text>{x.title}</td>
                      <td data-tenant-text>{x.assigneeName ?? x.assigneeId}</td>
                      <td>{fmt(x.startedOn, true)}</td>
                      <td>{x.dueOn ? fmt(x.dueOn) : ''}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            ) : (
              <p className="bp6-text-muted">{t('PROCESSCONSOLE.NO_TASKS')}</p>
            )
          }
        />
        <Tab
          id="data"
          title={t('PROCESSCONSOLE.DATA')}
          panel={
            <pre className="pcon-data" data-tenant-text>
              {JSON.stringify(d.data, null, 2)}
            </pre>
          }
        />
      </Tabs>
    </div>
  );
}

/** The repairs an instance allows in its state; each asks the server and reloads what it shows. */
function Actions({ d, onChanged }: { d: InstanceDetail; onChanged: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const r = d.row;
  const open = r.status === 'Running' || r.status === 'Faulted';
  const [step, setStep] = useState('');
  const [user, setUser] = useState('');
  const [target, setTarget] = useState('');
  const users = useQuery({ queryKey: ['process-console', 'people'], queryFn: people, enabled: open });
  const migratable = open && d.newestVersion != null && r.moduleVersion < d.newestVersion;
  const preview = useQuery({
    queryKey: ['process-console', 'preview', r.moduleId],
    queryFn: () => migrationPreview(r.moduleId),
    enabled: migratable,
  });
  const act = useMutation({
    mutationFn: (a: { action: ConsoleAction; body?: object }) => runAction(r.recordId, a.action, a.body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['process-console', 'instance', r.recordId] });
      onChanged();
    },
  });
  if (!open) return null;
  const busy = act.isPending;
  return (
    <>
      {act.error && <Callout intent="warning">{errorMessage(act.error)}</Callout>}
      <div className="pcon-actions">
        {r.status === 'Faulted' && (
          <Button
            intent="primary"
            icon="refresh"
            text={t('PROCESSCONSOLE.RETRY')}
            loading={busy}
            onClick={() => act.mutate({ action: 'retry' })}
          />
        )}
        <Button
          intent={Intent.DANGER}
          icon="disable"
          text={t('PROCESSCONSOLE.CANCEL_PROCESS')}
          disabled={busy}
          onClick={() => act.mutate({ action: 'cancel' })}
        />
      </div>
      <div className="pcon-actions">
        <HTMLSelect aria-label={t('PROCESSCONSOLE.MOVE_TO')} value={step} onChange={(e) => setStep(e.target.value)}>
          <option value="">{t('PROCESSCONSOLE.MOVE_TO')}</option>
          {d.steps.map((s) => (
            <option key={s.activityId} value={s.activityId} data-tenant-text>
              {s.title}
            </option>
          ))}
        </HTMLSelect>
        <Button
          icon="arrow-right"
          text={t('PROCESSCONSOLE.MOVE')}
          disabled={!step || busy}
          onClick={() => act.mutate({ action: 'move', body: { activityId: step } })}
        />
        <HTMLSelect aria-label={t('PROCESSCONSOLE.REASSIGN_TO')} value={user} onChange={(e) => setUser(e.target.value)}>
          <option value="">{t('PROCESSCONSOLE.REASSIGN_TO')}</option>
          {users.data?.map((u) => (
            <option key={u.id} value={u.id} data-tenant-text>
              {u.name}
            </option>
          ))}
        </HTMLSelect>
        <Button
          icon="people"
          text={t('PROCESSCONSOLE.REASSIGN')}
          disabled={!user || busy || !d.openTasks.length}
          onClick={() => act.mutate({ action: 'reassign', body: { userId: user } })}
        />
      </div>
      {migratable && (
        <div className="pcon-actions">
          <span>{t('PROCESSCONSOLE.NEWER_VERSION', { version: d.newestVersion })}</span>
          <HTMLSelect
            aria-label={t('PROCESSCONSOLE.TARGET_STEP')}
            value={target}
            onChange={(e) => setTarget(e.target.value)}
          >
            <option value="">{t('PROCESSCONSOLE.KEEP_STEP')}</option>
            {preview.data?.targets.map((s) => (
              <option key={s.activityId} value={s.activityId} data-tenant-text>
                {s.title}
              </option>
            ))}
          </HTMLSelect>
          <Button
            icon="git-push"
            text={t('PROCESSCONSOLE.MIGRATE')}
            disabled={busy}
            onClick={() => act.mutate({ action: 'migrate', body: target ? { activityId: target } : {} })}
          />
        </div>
      )}
    </>
  );
}
