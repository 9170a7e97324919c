import { useState } from 'react';
import { Button, ButtonGroup, H3, NonIdealState, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { toastError } from '../../components/toaster';
import { exportReport, reportDetail, reportKeys, type RunBody } from './api';
import { ParametersForm, type Answers } from './ParametersForm';
import { useReportColumns } from './ReportBuilder';
import { ReportResult } from './ReportResult';
import './reports.css';

/**
 * /report-viewer?id=: a saved report with its notes; its parameters are asked first; then its chart and table
 * (or pivot) with subtotals and the grand total, drill-down, print and CSV/XLSX export.
 */
export function ReportViewerPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const detail = useQuery({ queryKey: reportKeys.detail(id), queryFn: () => reportDetail(id), enabled: !!id });
  const report = detail.data;
  const [answers, setAnswers] = useState<Answers | null>(null);
  const [asking, setAsking] = useState(false);
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const cols = useReportColumns(report?.spec.moduleId ?? '');

  if (!id) return <NonIdealState icon="th-list" title={t('REPORTS.NO_REPORT')} />;
  if (detail.error) return <NonIdealState icon="error" title={errorMessage(detail.error)} />;
  if (!report) return <Spinner className="page-spinner" />;
  const needs = (report.parameters ?? []).length > 0;
  const ready = !needs || (answers && !asking);
  const body: RunBody = { reportId: report.id, ...(answers ? { parameters: answers } : {}) };
  const download = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      await exportReport(body, format);
    } catch (e) {
      void toastError(errorMessage(e));
    } finally {
      setExporting(null);
    }
  };
  return (
    <div className="report-page report-viewer">
      <header className="report-header">
        <H3 data-tenant-text>{report.name}</H3>
        <span className="spacer" />
        <ButtonGroup className="report-no-print">
          {needs && ready && (
            <Button icon="edit" text={t('REPORTS.CHANGE_PARAMETERS')} onClick={() => setAsking(true)} />
          )}
          {report.editable && (
            <Button
              icon="edit"
              text={t('REPORTS.EDIT_REPORT')}
              onClick={() => navigate(`/report-designer?id=${encodeURIComponent(report.id)}`)}
            />
          )}
          <Button icon="print" text={t('REPORTS.PRINT')} disabled={!ready} onClick={() => window.print()} />
          <Button
            icon="document"
            text={t('REPORTS.EXPORT_CSV')}
            disabled={!ready}
            loading={exporting === 'csv'}
            onClick={() => void download('csv')}
          />
          <Button
            icon="th-derived"
            text={t('REPORTS.EXPORT_XLSX')}
            disabled={!ready}
            loading={exporting === 'xlsx'}
            onClick={() => void download('xlsx')}
          />
        </ButtonGroup>
      </header>
      <p className="bp6-text-muted report-meta-line" data-tenant-text>
        {[report.moduleName, report.folder, report.ownerName].filter(Boolean).join(' · ')}
      </p>
      {report.notes && (
        <p className="report-notes-text" data-tenant-text>
          {report.notes}
        </p>
      )}
      {ready && answers && needs && (
        <p className="report-meta-line" data-testid="report-answers">
          {(report.parameters ?? [])
            .filter((x) => answers[x.name] !== undefined)
            .map((x) => `${x.label || x.name}: ${answers[x.name]}`)
            .join(' · ')}
        </p>
      )}
      {!ready ? (
        <ParametersForm
          parameters={report.parameters ?? []}
          initial={answers ?? undefined}
          onRun={(a) => {
            setAnswers(a);
            setAsking(false);
          }}
        />
      ) : (
        <ReportResult body={body} spec={report.spec} columns={cols.data?.columns ?? []} />
      )}
    </div>
  );
}
