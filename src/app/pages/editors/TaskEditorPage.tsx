import { useState } from 'react';
import { Callout, H3, HTMLSelect, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { fieldRegistry } from '../../../../runtime/registry';
import { useCompiledDefinition } from '../../../../runtime/react/use-compiled';
import { RecordForm } from '../../../../runtime/react/RecordForm';
import { api, call, errorMessage } from '../../api/client';
import { saveRecord } from '../../api/records';
import { entries, serverMessage } from '../../api/entries';
import { toastError } from '../../components/toaster';
import { ItemEditorPage } from '../records/ItemEditorPage';
import { ActionBar } from './ActionBar';
import { SidePanels } from './SidePanels';
import './editors.css';
import type { RecordTemplate, RecordTemplateWithData } from '../../../server/apps/record-templates/schemas';
import { useFieldDataSource } from '../../api/field-data';
import { queryKeys } from '../../realtime/query-keys';

/** Record templates as the server lists them (its route schemas, types derived). */
type Template = RecordTemplate;

/** New record: the item editor, plus "start from a saved template" (a draft made from the template's values). */
function NewRecord({ moduleId }: { moduleId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const templates = useQuery({
    queryKey: queryKeys.recordTemplates(moduleId),
    queryFn: () => call<Template[]>(api.get(`/form/Editor/recordtemplate/${moduleId}`)),
    retry: false,
  });
  const [busy, setBusy] = useState(false);
  const start = async (templateId: string) => {
    setBusy(true);
    try {
      const tpl = await call<RecordTemplateWithData>(api.get(`/form/Editor/recordtemplate/${moduleId}/${templateId}`));
      const r = await saveRecord({ moduleId, data: tpl.data ?? {} });
      navigate(`/item-editor/${moduleId}/${r.id}`);
    } catch (err) {
      void toastError(serverMessage(err) ?? errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {!!templates.data?.length && (
        <div className="template-bar">
          <HTMLSelect
            aria-label={t('ENTRY.FROM_TEMPLATE')}
            disabled={busy}
            value=""
            onChange={(e) => e.target.value && void start(e.target.value)}
            options={[
              { value: '', label: t('ENTRY.FROM_TEMPLATE') },
              ...templates.data.map((x) => ({ value: x.templateId, label: x.templateName })),
            ]}
          />
        </div>
      )}
      <ItemEditorPage />
    </>
  );
}

/**
 * /task-editor/:moduleId/:recordId?/:taskId? and /item-editor/:moduleId/:recordId/:taskId: the record under the
 * step's permissions (the server strips hidden fields), the action bar, and summary, comments and history.
 * A draft of the viewer opens in the item editor with a submit button.
 */
export function TaskEditorPage() {
  const { moduleId = '', recordId, taskId } = useParams();
  if (!recordId) return <NewRecord moduleId={moduleId} />;
  return <ExistingRecord key={`${recordId}/${taskId ?? ''}`} recordId={recordId} taskId={taskId} />;
}

function ExistingRecord({ recordId, taskId }: { recordId: string; taskId?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const detail = useQuery({
    queryKey: queryKeys.recordDetail(recordId, taskId),
    queryFn: () => entries.detail(recordId, taskId),
    staleTime: 0,
  });
  const d = detail.data;
  const { compiled, waiting } = useCompiledDefinition(d?.definition, fieldRegistry);
  const [values, setValues] = useState<Record<string, unknown>>();
  const fieldData = useFieldDataSource(d?.module_id, recordId);
  if (detail.isLoading || waiting) return <Spinner className="page-spinner" />;
  if (detail.error || !d || !compiled)
    return (
      <NonIdealState icon="error" title={detail.error ? errorMessage(detail.error) : t('COMMON.SOMETHING_WRONG')} />
    );
  const current = values ?? d.data;
  const editable =
    Object.values(d.access).some((a) => a === 'editable') && (d.actions.includes('approve') || d.is_draft);

  const done = async (kind: 'left' | 'stay') => {
    await qc.invalidateQueries({ queryKey: queryKeys.recordsAny });
    await qc.invalidateQueries({ queryKey: queryKeys.tasks });
    await qc.invalidateQueries({ queryKey: queryKeys.record(recordId) });
    setValues(undefined);
    if (kind === 'left') navigate('/tasks');
  };

  return (
    <div className="entry-layout">
      <main className="editor-page">
        <header className="editor-header">
          <H3>{d.definition.display_name}</H3>
          <Tag minimal>{d.process_status_display}</Tag>
          {d.task && <Tag intent={Intent.PRIMARY}>{d.task.activity_title}</Tag>}
        </header>
        {d.is_draft && d.created_by && (
          <Callout intent={Intent.PRIMARY} className="draft-callout">
            {t('ENTRY.DRAFT_HINT')}
          </Callout>
        )}
        <ActionBar detail={d} values={current} onDone={(k) => void done(k)} />
        {d.is_draft ? (
          <ItemEditorPage />
        ) : (
          <RecordForm
            compiled={compiled}
            values={current}
            access={d.access}
            readOnly={!editable}
            onChange={setValues}
            data={fieldData}
          />
        )}
      </main>
      <SidePanels detail={d} />
    </div>
  );
}
