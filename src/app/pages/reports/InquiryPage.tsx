import { useState } from 'react';
import { Button, H3 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ReportSpec } from './api';
import { ReportBuilder, useReportColumns } from './ReportBuilder';
import { ReportResult } from './ReportResult';
import { SaveReportDialog } from './SaveReportDialog';
import { cleanSpec, emptySpec } from './spec';
import './reports.css';

/**
 * /inquiry, the quick report: pick an app, filter, group and measure its records, run it, drill into any figure,
 * chart it, and save it as a report.
 */
export function InquiryPage() {
  const { t } = useTranslation();
  const [spec, setSpec] = useState<ReportSpec>(emptySpec(''));
  const [ran, setRan] = useState<ReportSpec | null>(null);
  const [runs, setRuns] = useState(0);
  const [saving, setSaving] = useState(false);
  const cols = useReportColumns(spec.moduleId);
  return (
    <div className="report-page">
      <header className="report-header">
        <H3>{t('REPORTS.QUICK_TITLE')}</H3>
        <span className="spacer" />
        <Button
          icon="floppy-disk"
          text={t('REPORTS.SAVE_AS')}
          disabled={!spec.moduleId}
          onClick={() => setSaving(true)}
        />
        <Button
          intent="primary"
          icon="play"
          text={t('REPORTS.RUN')}
          disabled={!spec.moduleId || !cols.data}
          onClick={() => {
            setRan(cleanSpec(spec));
            setRuns(runs + 1);
          }}
        />
      </header>
      <p className="bp6-text-muted report-about">{t('REPORTS.QUICK_ABOUT')}</p>
      <ReportBuilder
        spec={spec}
        onChange={(s) => {
          setSpec(s);
          if (s.moduleId !== spec.moduleId) setRan(null);
        }}
      />
      {ran && ran.moduleId === spec.moduleId && (
        <ReportResult
          runs={runs}
          body={{ spec: ran }}
          spec={{ ...ran, chart: spec.chart }}
          columns={cols.data?.columns ?? []}
        />
      )}
      <SaveReportDialog spec={spec} isOpen={saving} onClose={() => setSaving(false)} />
    </div>
  );
}
