import { useEffect, useState } from 'react';
import { Button, Callout, FormGroup, H3, InputGroup, NonIdealState, Spinner, TextArea } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { toastSuccess } from '../../components/toaster';
import { reportDetail, reportKeys, saveReport, type Report, type ReportInput, type RunBody } from './api';
import { ParametersEditor } from './ParametersEditor';
import { ReportBuilder, useReportColumns } from './ReportBuilder';
import { ReportResult } from './ReportResult';
import { FolderOptions } from './SaveReportDialog';
import { SharingEditor } from './SharingEditor';
import { ScheduleMailing } from './ScheduleMailing';
import { cleanSpec, emptySpec } from './spec';
import { reportSpecOf, useUniDraft } from '../../uni/drafts';
import './reports.css';

type Draft = Required<Pick<ReportInput, 'name' | 'folder' | 'notes' | 'spec' | 'parameters' | 'sharedWith'>>;
const NEW: Draft = { name: '', folder: '', notes: '', spec: emptySpec(''), parameters: [], sharedWith: [] };
const draftOf = (r: Report): Draft => ({
  name: r.name,
  folder: r.folder ?? '',
  notes: r.notes ?? '',
  spec: { ...emptySpec(r.spec.moduleId), ...r.spec },
  parameters: r.parameters ?? [],
  sharedWith: r.sharedWith ?? [],
});

/** The answers a preview runs with: each parameter's default. */
const defaults = (d: Draft) =>
  Object.fromEntries(d.parameters.flatMap((x) => (x.default === undefined ? [] : [[x.name, x.default]])));

/**
 * /report-designer?id=: a saved report's builder (the quick report's, plus a pivot), its name, folder, notes,
 * parameters and sharing; a preview runs it with the parameters' defaults.
 */
export function ReportDesignerPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  // A draft Uni proposed (`?draft=`): pre-fills a new report; saving stays the user's decision.
  const uni = useUniDraft(params.get('id') ? '' : (params.get('draft') ?? ''));
  const navigate = useNavigate();
  const qc = useQueryClient();
  const detail = useQuery({ queryKey: reportKeys.detail(id), queryFn: () => reportDetail(id), enabled: !!id });
  const [draft, setDraft] = useState<Draft>();
  const [preview, setPreview] = useState<RunBody | null>(null);
  const [runs, setRuns] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cols = useReportColumns(draft?.spec.moduleId ?? '');
  useEffect(() => {
    if (!id && uni.report)
      setDraft({
        ...NEW,
        name: uni.report.title,
        spec: { ...emptySpec(uni.report.appId), ...reportSpecOf(uni.report) },
      });
    else if (!id) setDraft(NEW);
    else if (detail.data) setDraft(draftOf(detail.data));
    setPreview(null);
  }, [id, detail.data, uni.report]);

  if (id && detail.error) return <NonIdealState icon="error" title={errorMessage(detail.error)} />;
  if (!draft) return <Spinner className="page-spinner" />;
  const locked = !!id && detail.data?.editable === false;
  const set = (p: Partial<Draft>) => setDraft({ ...draft, ...p });
  const save = async () => {
    if (!draft.name.trim()) return setError(t('REPORTS.NAME_REQUIRED'));
    setBusy(true);
    setError(null);
    try {
      const saved = await saveReport({
        ...(id ? { id } : {}),
        name: draft.name.trim(),
        folder: draft.folder.trim(),
        notes: draft.notes,
        spec: cleanSpec(draft.spec),
        parameters: draft.parameters,
        sharedWith: draft.sharedWith,
      });
      void toastSuccess(t('REPORTS.SAVED'));
      await qc.invalidateQueries({ queryKey: reportKeys.all });
      if (!id) navigate(`/report-designer?id=${encodeURIComponent(saved.id)}`, { replace: true });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="report-page">
      <header className="report-header">
        <H3>{id ? t('REPORTS.DESIGNER_TITLE') : t('REPORTS.NEW')}</H3>
        <span className="spacer" />
        {id && (
          <Button
            icon="eye-open"
            text={t('REPORTS.OPEN_VIEWER')}
            onClick={() => navigate(`/report-viewer?id=${encodeURIComponent(id)}`)}
          />
        )}
        <Button
          icon="play"
          text={t('REPORTS.PREVIEW')}
          disabled={!draft.spec.moduleId}
          onClick={() => {
            setPreview({ spec: cleanSpec(draft.spec), parameters: defaults(draft) });
            setRuns(runs + 1);
          }}
        />
        <Button
          intent="primary"
          icon="floppy-disk"
          text={t('REPORTS.SAVE')}
          loading={busy}
          disabled={locked}
          onClick={() => void save()}
        />
      </header>
      {locked && <Callout intent="warning">{t('REPORTS.READ_ONLY')}</Callout>}
      {uni.report && (
        <Callout intent="primary" icon="chat" data-testid="uni-draft-filled">
          {t('UNI.DRAFT_FILLED')}
        </Callout>
      )}
      {error && (
        <Callout intent="danger" role="alert">
          {error}
        </Callout>
      )}
      <div className="report-meta">
        <FormGroup label={t('REPORTS.NAME')} labelFor="report-name" labelInfo={t('REPORTS.REQUIRED')}>
          <InputGroup id="report-name" value={draft.name} maxLength={200} onValueChange={(name) => set({ name })} />
        </FormGroup>
        <FormGroup label={t('REPORTS.FOLDER')} labelFor="report-folder">
          <InputGroup
            id="report-folder"
            value={draft.folder}
            maxLength={200}
            onValueChange={(folder) => set({ folder })}
            list="report-folders"
          />
          <FolderOptions id="report-folders" />
        </FormGroup>
        <FormGroup label={t('REPORTS.NOTES')} labelFor="report-notes" className="report-notes">
          <TextArea
            id="report-notes"
            fill
            value={draft.notes}
            maxLength={5000}
            onChange={(e) => set({ notes: e.target.value })}
          />
        </FormGroup>
      </div>
      <ReportBuilder spec={draft.spec} onChange={(spec) => set({ spec })} parameters={draft.parameters} withPivot />
      <div className="report-parts">
        <ParametersEditor value={draft.parameters} onChange={(parameters) => set({ parameters })} />
        <SharingEditor value={draft.sharedWith} onChange={(sharedWith) => set({ sharedWith })} />
      </div>
      {id && detail.data?.editable && <ScheduleMailing reportId={id} parameters={draft.parameters} />}
      {preview && preview.spec?.moduleId === draft.spec.moduleId && (
        <ReportResult
          runs={runs}
          body={preview}
          spec={{ ...preview.spec, chart: draft.spec.chart }}
          columns={cols.data?.columns ?? []}
        />
      )}
    </div>
  );
}
