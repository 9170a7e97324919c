import { useState } from 'react';
import { Button, FormGroup, HTMLSelect, InputGroup, Intent, Tag, TextArea } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EMAIL_EVENTS } from '../../schemas/module-definition';
import { errorMessage } from '../../src/app/api/client';
import { toastError, toastSuccess } from '../../src/app/components/toaster';
import { fetchEmailFields, saveEmailTemplate, type EmailTemplate } from '../../src/app/pages/apps/api';

/** One subject and body per workflow event; placeholders from getEmailTemplateFields, inserted with a click. */
export function EmailTemplatesPanel({
  moduleId,
  templates,
}: {
  moduleId: string;
  templates: Record<string, EmailTemplate>;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [event, setEvent] = useState<string>(EMAIL_EVENTS[0]);
  const [drafts, setDrafts] = useState<Record<string, EmailTemplate>>(templates);
  const [saving, setSaving] = useState(false);
  const fields = useQuery({ queryKey: ['email-fields', moduleId], queryFn: () => fetchEmailFields(moduleId) });
  const current = drafts[event] ?? { subject: '', body: '' };
  const set = (patch: Partial<EmailTemplate>) => setDrafts((d) => ({ ...d, [event]: { ...current, ...patch } }));

  async function save() {
    setSaving(true);
    try {
      await saveEmailTemplate(moduleId, event, current);
      void toastSuccess(t('DESIGNER.EMAIL.SAVED'));
      await qc.invalidateQueries({ queryKey: ['designed-app', moduleId] });
    } catch (err) {
      void toastError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="fd-email" data-testid="email-templates">
      <FormGroup label={t('DESIGNER.EMAIL.EVENT')} labelFor="email-event">
        <HTMLSelect
          id="email-event"
          value={event}
          options={EMAIL_EVENTS.map((e) => ({ value: e, label: t(`DESIGNER.EMAIL.EVENTS.${e}`) }))}
          onChange={(e) => setEvent(e.currentTarget.value)}
        />
      </FormGroup>
      <FormGroup label={t('DESIGNER.EMAIL.SUBJECT')} labelFor="email-subject">
        <InputGroup id="email-subject" value={current.subject} onValueChange={(v) => set({ subject: v })} />
      </FormGroup>
      <FormGroup label={t('DESIGNER.EMAIL.BODY')} labelFor="email-body">
        <TextArea
          id="email-body"
          fill
          rows={8}
          value={current.body}
          onChange={(e) => set({ body: e.currentTarget.value })}
        />
      </FormGroup>
      <div className="fd-placeholders">
        {t('DESIGNER.EMAIL.PLACEHOLDERS')}{' '}
        {(fields.data ?? []).map((f) => (
          <Tag
            key={f.name}
            interactive
            minimal
            onClick={() => set({ body: `${current.body}{${f.name}}` })}
            title={f.label}
          >
            {`{${f.name}}`}
          </Tag>
        ))}
      </div>
      <Button
        intent={Intent.PRIMARY}
        icon="floppy-disk"
        loading={saving}
        text={t('DESIGNER.EMAIL.SAVE')}
        onClick={() => void save()}
      />
    </div>
  );
}
