import { Checkbox, FormGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENTS, type WebhookEvent } from '../webhooks/api';
import { eventLabelKey } from '../webhooks/events';
import type { Trigger } from './api';
import { AppSelect } from './AppSelect';

type RecordTrigger = Extract<Trigger, { kind: 'record' }>;

/** The app and the record events that start an automation (the events webhooks hear). */
export function RecordTriggerFields({
  trigger,
  onChange,
}: {
  trigger: RecordTrigger;
  onChange(t: RecordTrigger): void;
}) {
  const { t } = useTranslation();
  const toggle = (e: WebhookEvent, on: boolean) =>
    onChange({ ...trigger, events: on ? [...trigger.events, e] : trigger.events.filter((x) => x !== e) });
  return (
    <>
      <FormGroup label={t('RPA.RECORD_APP')} labelFor="rpa-record-app">
        <AppSelect
          id="rpa-record-app"
          value={trigger.moduleId}
          onChange={(moduleId) => onChange({ ...trigger, moduleId })}
        />
      </FormGroup>
      <FormGroup label={t('RPA.RECORD_EVENTS')}>
        <div className="rpa-events" role="group" aria-label={t('RPA.RECORD_EVENTS')}>
          {WEBHOOK_EVENTS.filter((e) => e !== 'record.deleted').map((e) => (
            <Checkbox
              key={e}
              label={t(eventLabelKey(e))}
              checked={trigger.events.includes(e)}
              onChange={(ev) => toggle(e, ev.currentTarget.checked)}
            />
          ))}
        </div>
      </FormGroup>
    </>
  );
}
