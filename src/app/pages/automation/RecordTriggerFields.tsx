import { useState } from 'react';
import { Checkbox, FormGroup, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENTS } from '../webhooks/api';
import { eventLabelKey } from '../webhooks/events';
import type { Trigger } from './api';
import { AppSelect } from './AppSelect';

type RecordTrigger = Extract<Trigger, { kind: 'record' }>;
type TriggerEvent = RecordTrigger['events'][number];
const UPDATED = 'record.updated';

/** The events a trigger may name: the webhook ones (but deletion) and a save that changes values. */
const EVENTS: TriggerEvent[] = [...WEBHOOK_EVENTS.filter((e) => e !== 'record.deleted'), UPDATED];

const fieldList = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

/** The app and the record events that start an automation; "record updated" may narrow to some fields. */
export function RecordTriggerFields({
  trigger,
  onChange,
}: {
  trigger: RecordTrigger;
  onChange(t: RecordTrigger): void;
}) {
  const { t } = useTranslation();
  // Typed as text; the trigger keeps the list (empty: any change).
  const [fields, setFields] = useState((trigger.fields ?? []).join(', '));
  const toggle = (e: TriggerEvent, on: boolean) => {
    const events = on ? [...trigger.events, e] : trigger.events.filter((x) => x !== e);
    const next: RecordTrigger = { ...trigger, events };
    if (!events.includes(UPDATED)) delete next.fields;
    onChange(next);
  };
  const setList = (text: string) => {
    setFields(text);
    const list = fieldList(text);
    const next: RecordTrigger = { ...trigger };
    if (list.length) next.fields = list;
    else delete next.fields;
    onChange(next);
  };
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
          {EVENTS.map((e) => (
            <Checkbox
              key={e}
              label={e === UPDATED ? t('RPA.EVENT_UPDATED') : t(eventLabelKey(e))}
              checked={trigger.events.includes(e)}
              onChange={(ev) => toggle(e, ev.currentTarget.checked)}
            />
          ))}
        </div>
      </FormGroup>
      {trigger.events.includes(UPDATED) && (
        <FormGroup
          label={t('RPA.CHANGED_FIELDS')}
          labelFor="rpa-changed-fields"
          helperText={t('RPA.CHANGED_FIELDS_HELP')}
        >
          <InputGroup id="rpa-changed-fields" value={fields} onValueChange={setList} />
        </FormGroup>
      )}
    </>
  );
}
