import { lazy, Suspense, useRef, useState } from 'react';
import { Button, Callout, H3, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { fieldRegistry } from '../../../../runtime/registry';
import { initialValues } from '../../../../runtime/record-engine';
import { useCompiledDefinition } from '../../../../runtime/react/use-compiled';
import { RecordForm, type RecordFormHandle } from '../../../../runtime/react/RecordForm';
import { errorMessage } from '../../api/client';
import { fetchForm, fetchRecord, saveRecord } from '../../api/records';
import { entries, serverMessage } from '../../api/entries';
import { toastSuccess } from '../../components/toaster';
import { queryKeys } from '../../realtime/query-keys';
import { useFieldDataSource } from '../../api/field-data';
import { pageTexts } from '../../i18n/page-texts';
import { ocrSettings, ocrSettingsKey } from './ocr/settings';
import type { OcrPanelHandle } from './ocr/OcrPanel';

// The OCR panel and its texts load only for apps that read documents.
const OcrPanel = lazy(() => Promise.all([import('./ocr/OcrPanel'), pageTexts(['ocr'])]).then(([m]) => m));
// Value suggestions load only for apps with machine-learning services.
const SuggestionChips = lazy(() => import('./suggest/SuggestionChips').then((m) => ({ default: m.SuggestionChips })));

/** /item-editor/:moduleId[/:recordId]: a new record or a draft, rendered from its pinned definition version. */
export function ItemEditorPage() {
  const { moduleId = '', recordId } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  // After the first save of an incomplete draft the page moves to the record's address; its problems stay shown.
  const checked = (useLocation().state as { checked?: boolean } | null)?.checked === true;
  const qc = useQueryClient();
  const form = useQuery({ queryKey: queryKeys.form(moduleId), queryFn: () => fetchForm(moduleId), enabled: !recordId });
  const record = useQuery({
    queryKey: queryKeys.record(recordId ?? ''),
    queryFn: () => fetchRecord(recordId!),
    enabled: !!recordId,
  });
  const source = recordId ? record.data : form.data;
  const fieldData = useFieldDataSource(moduleId, recordId);
  // The server checked the definition's shape when it was saved; the page only needs it compiled.
  const { compiled, waiting } = useCompiledDefinition(source?.definition, fieldRegistry);
  const [values, setValues] = useState<Record<string, unknown>>();
  const [saving, setSaving] = useState<'draft' | 'submit'>();
  const [submitTried, setSubmitTried] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const handle = useRef<RecordFormHandle | null>(null);
  const ocr = useQuery({ queryKey: ocrSettingsKey(moduleId), queryFn: () => ocrSettings(moduleId) });
  const ocrPanel = useRef<OcrPanelHandle | null>(null);

  const loading = recordId ? record.isLoading : form.isLoading;
  const failed = recordId ? record.error : form.error;
  if (loading || waiting) return <Spinner className="page-spinner" />;
  if (failed || !compiled || !source)
    return <NonIdealState icon="error" title={failed ? errorMessage(failed) : t('COMMON.SOMETHING_WRONG')} />;
  const current = values ?? (record.data ? record.data.data : initialValues(compiled));
  const readOnly = !!record.data && !record.data.is_draft;

  async function save() {
    // A draft may be incomplete: problems are shown, and the server refuses only values that are wrong.
    const complete = handle.current?.check() ?? true;
    setSaving('draft');
    setServerError(undefined);
    try {
      const r = await saveRecord({ moduleId, recordId, version: record.data?.version, data: current });
      void toastSuccess(t('RECORD.SAVED'));
      ocrPanel.current?.saved(current);
      await qc.invalidateQueries({ queryKey: queryKeys.record(r.id) });
      if (!recordId) navigate(`/item-editor/${moduleId}/${r.id}`, { replace: true, state: { checked: !complete } });
      setValues(undefined);
    } catch (err) {
      setServerError(errorMessage(err));
    } finally {
      setSaving(undefined);
    }
  }

  /** Sends the record into the workflow with what is on the screen; a record with problems stays here, shown. */
  async function submit() {
    setSubmitTried(true);
    if (!(handle.current?.check() ?? true)) {
      setServerError(t('RECORD.SUBMIT_INCOMPLETE'));
      return;
    }
    setSaving('submit');
    setServerError(undefined);
    try {
      const r = await entries.submit({ moduleId, recordId, version: record.data?.version, data: current });
      void toastSuccess(t('ENTRY.SUBMITTED'));
      ocrPanel.current?.saved(current);
      await qc.invalidateQueries({ queryKey: queryKeys.recordsAny });
      await qc.invalidateQueries({ queryKey: queryKeys.tasks });
      await qc.invalidateQueries({ queryKey: queryKeys.record(r.recordId) });
      navigate(`/task-editor/${moduleId}/${r.recordId}`, { replace: true });
    } catch (err) {
      setServerError(serverMessage(err) ?? errorMessage(err));
    } finally {
      setSaving(undefined);
    }
  }
  const firstStep = recordId ? undefined : form.data?.first_step;

  return (
    <main className="editor-page">
      <header className="editor-header">
        <H3>{form.data?.display_name ?? source.definition.display_name}</H3>
        <Tag minimal>{t('RECORD.VERSION', { version: source.module_version })}</Tag>
        {!readOnly && (
          <div className="editor-header-actions">
            <Button
              icon="floppy-disk"
              text={t('RECORD.SAVE_DRAFT')}
              loading={saving === 'draft'}
              disabled={saving === 'submit'}
              onClick={() => void save()}
            />
            <Button
              intent={Intent.PRIMARY}
              icon="send-to"
              text={firstStep ? t('RECORD.SUBMIT_TO', { step: firstStep }) : t('RECORD.SUBMIT')}
              loading={saving === 'submit'}
              disabled={saving === 'draft'}
              onClick={() => void submit()}
            />
          </div>
        )}
      </header>
      {serverError && (
        <Callout intent={Intent.DANGER} role="alert" className="editor-error">
          {serverError}
        </Callout>
      )}
      {!readOnly && ocr.data?.providerId && (
        <Suspense fallback={null}>
          <OcrPanel
            ref={ocrPanel}
            moduleId={moduleId}
            settings={ocr.data}
            definition={source.definition}
            onApply={(found) => setValues({ ...current, ...found })}
          />
        </Suspense>
      )}
      <RecordForm
        compiled={compiled}
        values={current}
        access={source.access}
        readOnly={readOnly}
        onChange={setValues}
        formRef={handle}
        showErrors={checked || submitTried}
        data={fieldData}
      />
      {!readOnly && ocr.data?.suggest && (
        <Suspense fallback={null}>
          <SuggestionChips
            moduleId={moduleId}
            recordId={recordId}
            values={current}
            labelOf={(f) => compiled.fields[f]?.label ?? f}
            onAccept={(f, v) => setValues({ ...current, [f]: v })}
          />
        </Suspense>
      )}
    </main>
  );
}
