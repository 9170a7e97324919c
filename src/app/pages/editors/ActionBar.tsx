import { useDeferredValue, useState } from 'react';
import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { assigneesFor, entries, serverMessage, type EntryDetail } from '../../api/entries';
import { toastError, toastSuccess } from '../../components/toaster';
import { queryKeys } from '../../realtime/query-keys';

type Ask = 'approve' | 'reject' | 'reassign' | 'goback' | 'withdraw';

/**
 * What this user may do with the record now (the detail answer's `actions`): approve, reject with a reason,
 * reassign with a message, send back to an earlier step, withdraw, remind, restart. `values` are the fields the
 * step lets them edit, sent with approve and reject.
 */
export function ActionBar({
  detail,
  values,
  onDone,
}: {
  detail: EntryDetail;
  values: Record<string, unknown>;
  onDone(kind: 'left' | 'stay'): void;
}) {
  const { t } = useTranslation();
  const [ask, setAsk] = useState<Ask>();
  const [text, setText] = useState('');
  const [target, setTarget] = useState('');
  const [busy, setBusy] = useState(false);
  const [who, setWho] = useState('');
  const task = detail.task;
  // The server searches every user of the organisation as the name is typed (not only a first page of them).
  const term = useDeferredValue(who.trim());
  const people = useQuery({
    queryKey: queryKeys.assigneesFor(detail.id, task?.id ?? '', term),
    queryFn: ({ signal }) => assigneesFor(detail.id, task!.id, term, signal),
    enabled: ask === 'reassign' && !!task,
    retry: false,
    placeholderData: (prev) => prev,
  });
  const can = (a: string) => detail.actions.includes(a);

  async function run(fn: () => Promise<unknown>, done: string, leaves: boolean, fallback = 'ENTRY.ACTION_FAILED') {
    setBusy(true);
    try {
      await fn();
      void toastSuccess(t(done));
      setAsk(undefined);
      setText('');
      onDone(leaves ? 'left' : 'stay');
    } catch (err) {
      void toastError(serverMessage(err) ?? t(fallback));
    } finally {
      setBusy(false);
    }
  }

  const confirm = () => {
    if (!ask) return;
    if (ask === 'approve')
      return run(() => entries.approve(task!.id, true, text.trim() || undefined, values), 'ENTRY.APPROVED', true);
    if (ask === 'reject') return run(() => entries.approve(task!.id, false, text, values), 'ENTRY.REJECTED', true);
    if (ask === 'reassign') return run(() => entries.reassign(task!.id, target, text), 'ENTRY.REASSIGNED', true);
    if (ask === 'goback') return run(() => entries.goBack(task!.id, target, text), 'ENTRY.SENT_BACK', true);
    return run(() => entries.withdraw(detail.id, text), 'ENTRY.WITHDRAWN', false);
  };
  // A rejection always gives its reason; an approval gives a comment where the step asks for one.
  const needsText = ask === 'reject' || (ask === 'approve' && !!detail.task?.comment_required);
  const needsTarget = ask === 'reassign' || ask === 'goback';
  const options =
    ask === 'goback'
      ? detail.goBackTargets.map((g) => ({ value: g.activityId, label: g.title || g.activityId }))
      : (people.data ?? []).map((p) => ({ value: p.id, label: p.email ? `${p.name} (${p.email})` : p.name }));

  return (
    <div className="action-bar" role="toolbar" aria-label={t('ENTRY.ACTIONS')}>
      {can('approve') && task && (
        <Button
          intent={Intent.SUCCESS}
          icon="tick"
          text={t('ENTRY.APPROVE')}
          onClick={() => (setText(''), setAsk('approve'))}
        />
      )}
      {can('reject') && (
        <Button
          intent={Intent.DANGER}
          icon="cross"
          text={t('ENTRY.REJECT')}
          onClick={() => (setText(''), setAsk('reject'))}
        />
      )}
      {can('reassign') && (
        <Button
          icon="people"
          text={t('ENTRY.REASSIGN')}
          onClick={() => (setTarget(''), setWho(''), setAsk('reassign'))}
        />
      )}
      {can('goback') && detail.goBackTargets.length > 0 && (
        <Button
          icon="undo"
          text={t('ENTRY.GO_BACK')}
          onClick={() => (setTarget(detail.goBackTargets[0]!.activityId), setAsk('goback'))}
        />
      )}
      {can('withdraw') && <Button icon="disable" text={t('ENTRY.WITHDRAW')} onClick={() => setAsk('withdraw')} />}
      {can('reminder') && (
        <Button
          icon="notifications"
          text={t('ENTRY.REMIND')}
          loading={busy}
          onClick={() => void run(() => entries.remind(detail.id), 'ENTRY.REMINDED', false)}
        />
      )}
      {can('restart') && (
        <Button
          icon="refresh"
          text={t('ENTRY.RESTART')}
          loading={busy}
          onClick={() => void run(() => entries.restart(detail.id), 'ENTRY.RESTARTED', false, 'ENTRY.ERROR_RESTARTING')}
        />
      )}
      {can('retrystep') && (
        <Button
          icon="repeat"
          text={t('ENTRY.RETRY_STEP')}
          loading={busy}
          onClick={() => void run(() => entries.retryStep(detail.id), 'ENTRY.RETRIED', false)}
        />
      )}
      <Dialog isOpen={!!ask} onClose={() => setAsk(undefined)} title={ask ? t(`ENTRY.ASK.${ask}`) : ''}>
        <DialogBody>
          {ask === 'reassign' && (
            <FormGroup label={t('ENTRY.FIND_PERSON')} labelFor="action-find">
              <InputGroup
                id="action-find"
                type="search"
                leftIcon="search"
                value={who}
                onValueChange={setWho}
                rightElement={people.isFetching ? <span className="muted find-busy">…</span> : undefined}
              />
            </FormGroup>
          )}
          {needsTarget && (
            <FormGroup label={t(ask === 'goback' ? 'ENTRY.STEP' : 'ENTRY.ASSIGNEE')} labelFor="action-target">
              <HTMLSelect
                id="action-target"
                fill
                value={target}
                onChange={(e) => setTarget(e.target.value)}
                options={[{ value: '', label: t('ENTRY.CHOOSE') }, ...options]}
              />
            </FormGroup>
          )}
          <FormGroup
            label={t(ask === 'reject' ? 'ENTRY.REASON' : ask === 'approve' ? 'ENTRY.APPROVE_COMMENT' : 'ENTRY.MESSAGE')}
            labelFor="action-text"
            labelInfo={needsText ? t('ENTRY.REQUIRED') : ask === 'approve' ? t('ENTRY.OPTIONAL') : undefined}
          >
            <TextArea id="action-text" fill value={text} onChange={(e) => setText(e.target.value)} />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('ENTRY.CANCEL')} onClick={() => setAsk(undefined)} />
              <Button
                intent={Intent.PRIMARY}
                text={t('ENTRY.CONFIRM')}
                loading={busy}
                disabled={(needsText && !text.trim()) || (needsTarget && !target)}
                onClick={() => void confirm()}
              />
            </>
          }
        />
      </Dialog>
    </div>
  );
}
