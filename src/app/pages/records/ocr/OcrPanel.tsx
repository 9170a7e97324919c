import { useEffect, useImperativeHandle, useMemo, useState, type Ref } from 'react';
import { Button, Callout, Card, FileInput, H5, HTMLTable, Intent, ProgressBar, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ModuleDefinition } from '../../../../../schemas/module-definition';
import type { OcrMappedField } from '../../../../../schemas/api/ocr';
import { errorMessage } from '../../../api/client';
import { ocrApi, type JobView, type OcrSettings } from './api';
import { corrections } from './hints';
import { PageWithBoxes } from './PageWithBoxes';
import { ServerPages } from './ServerPages';
import './ocr.css';

export interface OcrPanelHandle {
  /** After the record is saved: the user's corrections to the applied values go back as hints. */
  saved(values: Record<string, unknown>): void;
}

interface Props {
  moduleId: string;
  settings: OcrSettings;
  definition: ModuleDefinition;
  onApply(values: Record<string, unknown>): void;
  ref?: Ref<OcrPanelHandle>;
}

const NUMERIC = new Set(['number', 'currency', 'decimal', 'percentage', 'rating', 'slider']);
const LANGS = ['en', 'de', 'es', 'fr', 'ja', 'zh'];

/** The record form's OCR panel: upload a document, follow its job, check the fields found, fill the form. */
export default function OcrPanel({ moduleId, settings, definition, onApply, ref }: Props) {
  const { t, i18n } = useTranslation();
  const [file, setFile] = useState<File>();
  const [imageUrl, setImageUrl] = useState<string>();
  const [sent, setSent] = useState<number>();
  const [jobId, setJobId] = useState<string>();
  const [error, setError] = useState<string>();
  const [applied, setApplied] = useState<OcrMappedField[]>([]);
  const fields = useMemo(() => {
    const out = new Map<string, { label: string; type: string }>();
    for (const g of definition.fieldGroups)
      for (const r of g.rows) for (const f of r.fields) out.set(f.name, { label: f.label, type: f.fieldType });
    return out;
  }, [definition]);
  const job = useQuery({
    queryKey: ['ocr-job', jobId],
    queryFn: () => ocrApi.job(jobId!),
    enabled: !!jobId,
    refetchInterval: (q) => (q.state.data && ['done', 'failed'].includes(q.state.data.status) ? false : 700),
  });
  useEffect(() => () => void (imageUrl && URL.revokeObjectURL(imageUrl)), [imageUrl]);

  useImperativeHandle(ref, () => ({
    saved(values) {
      const list = job.data && applied.length ? corrections(job.data.pages, applied, values, [...fields.keys()]) : [];
      // Hints help the next document; a failure to keep them must not disturb the saved record.
      if (jobId && list.length) void ocrApi.hints(moduleId, { jobId, corrections: list }).catch(() => undefined);
    },
  }));

  async function send(chosen: File) {
    setFile(chosen);
    setJobId(undefined);
    setError(undefined);
    setApplied([]);
    setImageUrl(chosen.type.startsWith('image/') ? URL.createObjectURL(chosen) : undefined);
    if (chosen.size > settings.maxBytes) {
      setError(t('OCR.TOO_LARGE', { mb: settings.maxBytes >> 20 }));
      return;
    }
    setSent(0);
    try {
      const lang = LANGS.find((l) => i18n.language.startsWith(l)) ?? 'en';
      setJobId((await ocrApi.upload(moduleId, chosen, lang, setSent)).jobId);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSent(undefined);
    }
  }

  function apply(found: OcrMappedField[]) {
    const values: Record<string, unknown> = {};
    for (const f of found) {
      const numeric =
        NUMERIC.has(fields.get(f.field)?.type ?? '') && f.value !== '' && Number.isFinite(Number(f.value));
      values[f.field] = numeric ? Number(f.value) : f.value;
    }
    onApply(values);
    setApplied(found);
  }

  const data: JobView | undefined = job.data;
  const found = (data?.fields ?? []).filter((f) => fields.has(f.field));
  const busy = sent !== undefined || (!!jobId && (!data || data.status === 'queued' || data.status === 'running'));
  const stage = sent !== undefined ? 'UPLOADING' : data?.status === 'running' ? 'RUNNING' : 'QUEUED';

  return (
    <Card className="ocr-panel" aria-labelledby="ocr-title">
      <div className="ocr-head">
        <H5 id="ocr-title">{t('OCR.TITLE')}</H5>
        <Tag minimal>{t('OCR.PROVIDER', { name: settings.providerName })}</Tag>
      </div>
      <p className="bp6-text-muted">{t('OCR.ABOUT')}</p>
      <FileInput
        text={file?.name ?? t('OCR.CHOOSE')}
        hasSelection={!!file}
        buttonText={t('OCR.BROWSE')}
        disabled={busy}
        inputProps={{
          accept: 'image/png,image/jpeg,image/tiff,image/webp,application/pdf',
          'aria-label': t('OCR.CHOOSE'),
        }}
        onInputChange={(e) => {
          const chosen = (e.target as HTMLInputElement).files?.[0];
          if (chosen) void send(chosen);
        }}
      />
      {busy && (
        <div className="ocr-progress" role="status">
          <span>{t(`OCR.${stage}`)}</span>
          <ProgressBar intent={Intent.PRIMARY} value={sent} animate stripes={sent === undefined} />
        </div>
      )}
      {(error || data?.status === 'failed') && (
        <Callout intent={Intent.DANGER} role="alert" title={t('OCR.FAILED')}>
          {error ?? data?.message}
        </Callout>
      )}
      {data?.status === 'done' && (
        <div className="ocr-result">
          {imageUrl && data.pages[0] ? (
            <PageWithBoxes
              src={imageUrl}
              page={data.pages[0]}
              fields={found}
              label={(f) => fields.get(f)?.label ?? f}
            />
          ) : (
            data.pageImages.length > 0 &&
            data.pages.length > 0 && (
              <ServerPages
                key={data.jobId}
                urls={data.pageImages}
                pages={data.pages}
                fields={found}
                label={(f) => fields.get(f)?.label ?? f}
              />
            )
          )}
          <div className="ocr-fields">
            {found.length ? (
              <HTMLTable compact striped>
                <thead>
                  <tr>
                    <th>{t('OCR.FIELD')}</th>
                    <th>{t('OCR.VALUE')}</th>
                    <th>{t('OCR.CONFIDENCE')}</th>
                  </tr>
                </thead>
                <tbody>
                  {found.map((f) => (
                    <tr key={f.field} data-ocr-field={f.field}>
                      <td data-tenant-text>{fields.get(f.field)?.label}</td>
                      <td data-tenant-text>{f.value}</td>
                      <td>
                        <Tag
                          minimal
                          intent={
                            f.confidence >= 80 ? Intent.SUCCESS : f.confidence >= 50 ? Intent.WARNING : Intent.DANGER
                          }
                        >
                          {Math.round(f.confidence)} %
                        </Tag>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            ) : (
              <Callout intent={Intent.WARNING}>{t('OCR.NO_FIELDS')}</Callout>
            )}
            {found.length > 0 && (
              <Button intent={Intent.PRIMARY} icon="import" text={t('OCR.APPLY')} onClick={() => apply(found)} />
            )}
            {applied.length > 0 && (
              <Callout intent={Intent.SUCCESS} role="status">
                {t('OCR.APPLIED')}
              </Callout>
            )}
          </div>
        </div>
      )}
    </Card>
  );
}
