import { useState } from 'react';
import { Button, Card, H5, Icon, Intent, Tab, Tabs, Tag, TextArea } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { entries, recordShare, serverMessage, type EntryDetail } from '../../api/entries';
import { toastError } from '../../components/toaster';
import { useFormatDate } from '../../shell/dates';
import { queryKeys } from '../../realtime/query-keys';

function Comments({ recordId }: { recordId: string }) {
  const fmt = useFormatDate();
  const when = (s?: string | null) => fmt(s, true);
  const { t } = useTranslation();
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: queryKeys.comments(recordId),
    queryFn: () => entries.comments(recordId),
    staleTime: 0,
  });
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      await entries.sendComment(recordId, text);
      setText('');
      await qc.invalidateQueries({ queryKey: queryKeys.comments(recordId) });
    } catch (err) {
      void toastError(serverMessage(err) ?? t('ENTRY.ACTION_FAILED'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="comments">
      <TextArea
        fill
        aria-label={t('ENTRY.COMMENT')}
        placeholder={t('ENTRY.COMMENT')}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Button
        icon="send-message"
        text={t('ENTRY.SEND')}
        disabled={!text.trim()}
        loading={busy}
        onClick={() => void send()}
      />
      <ul className="comment-list">
        {(list.data?.comments ?? []).map((c) => (
          <li key={c.id}>
            <strong>{c.author_name}</strong> <span className="muted">{when(c.created_on)}</span>
            <p>{c.message}</p>
          </li>
        ))}
        {list.data && !list.data.comments.length && <li className="muted">{t('ENTRY.NO_COMMENTS')}</li>}
      </ul>
    </div>
  );
}

function History({ moduleId, recordId }: { moduleId: string; recordId: string }) {
  const fmt = useFormatDate();
  const when = (s?: string | null) => fmt(s, true);
  const { t } = useTranslation();
  const list = useQuery({
    queryKey: queryKeys.history(recordId),
    queryFn: () => entries.history(moduleId, recordId),
    staleTime: 0,
  });
  return (
    <ol className="timeline" aria-label={t('ENTRY.HISTORY')}>
      {(list.data ?? []).map((h, i) => {
        const r = h.Results ?? {};
        const icon = r.accepted === false ? 'cross-circle' : r.accepted ? 'tick-circle' : 'dot';
        return (
          <li key={h.id ?? i}>
            <Icon
              icon={icon}
              intent={r.accepted === false ? Intent.DANGER : r.accepted ? Intent.SUCCESS : Intent.NONE}
            />
            <div>
              <strong>{h.ActionType}</strong> {h.activity_title ? <Tag minimal>{h.activity_title}</Tag> : null}
              <div className="muted">
                {r.author_name} · {when(r.created_on)}
              </div>
              {h.Assignee?.approver_name && <div>{t('ENTRY.ASSIGNED_TO', { name: h.Assignee.approver_name })}</div>}
              {r.message && <p className="history-message">{r.message}</p>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function Summary({ detail }: { detail: EntryDetail }) {
  const fmt = useFormatDate();
  const when = (s?: string | null) => fmt(s, true);
  const { t } = useTranslation();
  const rows: [string, string | null | undefined][] = [
    ['ENTRY.PROCESS_STATUS', detail.process_status_display],
    ['ENTRY.PROCESS_STEP', detail.workflow_activity_name],
    ['ENTRY.TASK', detail.task ? `${detail.task.activity_title} (${detail.task.task_type})` : null],
    ['ENTRY.STARTED_ON', when(detail.workflow_started_on)],
    ['ENTRY.INITIATOR', detail.workflow_initiator_email],
    ['ENTRY.COMPLETED_ON', when(detail.workflow_completed_on)],
  ];
  return (
    <dl className="summary">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{t(k)}</dt>
          <dd>{v || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Whom the record is shared with under the visibility rule, and the tasks that brought them in. */
function People({ recordId }: { recordId: string }) {
  const fmt = useFormatDate();
  const { t } = useTranslation();
  const share = useQuery({ queryKey: queryKeys.share(recordId), queryFn: () => recordShare(recordId), staleTime: 0 });
  if (!share.data) return null;
  return (
    <div className="record-people">
      <p className="muted">{t('ENTRY.PEOPLE_INTRO')}</p>
      <ul aria-label={t('ENTRY.PEOPLE')}>
        {share.data.people.map((p) => (
          <li key={p.id}>
            <strong>{p.name}</strong> {!p.active && <Tag minimal>{t('ENTRY.INACTIVE')}</Tag>}
            <div className="muted">{p.email}</div>
            <div>{p.reasons.map((r) => t(`ENTRY.REASON_${r}`)).join(' · ')}</div>
            {p.tasks.map((task, i) => (
              <div key={i} className="muted">
                <Tag minimal>{task.activity_title}</Tag> {task.outcome ?? task.status} · {fmt(task.started_on, true)}
              </div>
            ))}
          </li>
        ))}
      </ul>
      <p className="muted">{t('ENTRY.ADMINS_SEE_ALL', { count: share.data.administrators })}</p>
    </div>
  );
}

/** Summary, comments, the activity history of a record and the people it is shared with. */
export function SidePanels({ detail }: { detail: EntryDetail }) {
  const { t } = useTranslation();
  return (
    <Card className="side-panels">
      <H5 className="visually-hidden">{t('ENTRY.DETAILS')}</H5>
      <Tabs id="entry-panels" defaultSelectedTabId="summary" renderActiveTabPanelOnly>
        <Tab id="summary" title={t('ENTRY.SUMMARY')} panel={<Summary detail={detail} />} />
        <Tab id="comments" title={t('ENTRY.COMMENTS')} panel={<Comments recordId={detail.id} />} />
        <Tab
          id="history"
          title={t('ENTRY.HISTORY')}
          panel={<History moduleId={detail.module_id} recordId={detail.id} />}
        />
        <Tab id="people" title={t('ENTRY.PEOPLE')} panel={<People recordId={detail.id} />} />
      </Tabs>
    </Card>
  );
}
