import { useEffect, useMemo, useState } from 'react';
import {
  Button,
  Callout,
  FileInput,
  HTMLTable,
  Intent,
  NonIdealState,
  Spinner,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import i18n from 'i18next';
import type { OcrPage, OcrRule } from '../../../schemas/api/ocr';
import { mapFields, type OcrValueKind } from '../../../runtime/ocr-mapping';
import { errorMessage } from '../../../src/app/api/client';
import { toastError, toastSuccess } from '../../../src/app/components/toaster';
import { ocrApi } from '../../../src/app/pages/records/ocr/api';
import { RuleForm } from './RuleForm';
import { SampleImage, type DrawnBox } from './SampleImage';
import { PageSwitch } from '../../../src/app/pages/records/ocr/PageSwitch';
import { usePageImage } from '../../../src/app/pages/records/ocr/use-page-image';
import { rulesApi, rulesKey, textToPage, type OcrRulesView } from './sample';
import './ocr-rules.css';

const LANGS = ['en', 'de', 'es', 'fr', 'ja', 'zh'];

/** A sample page image read by the app's OCR provider: its words become the sample the rules are tried on. */
function useSampleScan(moduleId: string) {
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [pages, setPages] = useState<OcrPage[] | null>(null);
  const [pageImages, setPageImages] = useState<string[]>([]);
  const [reading, setReading] = useState(false);
  useEffect(() => {
    if (!file) return;
    // An image shows at once from the file; a PDF's pages show as the server drew them.
    const u = file.type.startsWith('image/') ? URL.createObjectURL(file) : null;
    setUrl(u);
    setPages(null);
    setPageImages([]);
    let live = true;
    setReading(true);
    const lang = LANGS.includes(i18n.language) ? i18n.language : 'en';
    void (async () => {
      try {
        const { jobId } = await ocrApi.upload(moduleId, file, lang, () => undefined);
        for (let i = 0; live && i < 120; i++) {
          const job = await ocrApi.job(jobId);
          if (job.status === 'done') {
            if (live) setPageImages(job.pageImages);
            return live && setPages(job.pages);
          }
          if (job.status === 'failed') throw new Error(job.message ?? 'failed');
          await new Promise((r) => setTimeout(r, 500));
        }
      } catch (err) {
        if (live) void toastError(errorMessage(err));
      } finally {
        if (live) setReading(false);
      }
    })();
    return () => {
      live = false;
      if (u) URL.revokeObjectURL(u);
    };
  }, [file, moduleId]);
  return { url, pages, pageImages, reading, choose: setFile, name: file?.name };
}

function describe(rule: OcrRule, t: TFunction): string {
  if (rule.kind === 'label')
    return t('OCRRULES.DESCRIBE_LABEL', { label: rule.label, direction: t(`OCRRULES.DIRECTIONS.${rule.direction}`) });
  if (rule.kind === 'pattern') return rule.pattern;
  const b = rule.box;
  const p = (v: number) => Math.round(v * 100);
  return t('OCRRULES.DESCRIBE_POSITION', { page: rule.page, x: p(b.x), y: p(b.y), w: p(b.width), h: p(b.height) });
}

function Rules({ moduleId, view }: { moduleId: string; view: OcrRulesView }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [rules, setRules] = useState<OcrRule[]>(view.rules);
  const [saving, setSaving] = useState(false);
  const [text, setText] = useState('');
  const [drawn, setDrawn] = useState<DrawnBox | null>(null);
  const scan = useSampleScan(moduleId);
  const [samplePage, setSamplePage] = useState(1);
  const served = usePageImage(scan.url && samplePage === 1 ? undefined : scan.pageImages[samplePage - 1]);
  const sampleSrc = scan.url && samplePage === 1 ? scan.url : served;
  const dirty = JSON.stringify(rules) !== JSON.stringify(view.rules);
  const labelOf = (name: string) => view.fields.find((f) => f.name === name)?.label ?? name;
  const kinds = useMemo(
    () => Object.fromEntries(view.fields.map((f) => [f.name, f.valueKind])) as Record<string, OcrValueKind>,
    [view.fields],
  );
  const sample = useMemo(() => scan.pages ?? (text.trim() ? [textToPage(text)] : []), [scan.pages, text]);
  const found = useMemo(() => (sample.length ? mapFields(sample, rules, [], kinds) : []), [sample, rules, kinds]);

  async function save() {
    setSaving(true);
    try {
      const saved = await rulesApi.save(moduleId, rules);
      qc.setQueryData(rulesKey(moduleId), saved);
      void toastSuccess(t('OCRRULES.SAVED'));
    } catch (err) {
      void toastError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="ocrr" data-testid="ocr-rules">
      <section className="ocrr-rules">
        <h3>{t('OCRRULES.RULES')}</h3>
        <p className="ocrr-muted">{t('OCRRULES.ABOUT')}</p>
        {rules.length ? (
          <HTMLTable compact striped className="ocrr-table" data-testid="ocr-rule-list">
            <thead>
              <tr>
                <th>{t('OCRRULES.FIELD')}</th>
                <th>{t('OCRRULES.KIND')}</th>
                <th>{t('OCRRULES.DETAIL')}</th>
                <th>{t('OCRRULES.ON_SAMPLE')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {rules.map((r, i) => {
                const hit = found.find((f) => f.field === r.field);
                return (
                  <tr key={`${i}-${r.field}-${r.kind}`}>
                    <td data-tenant-text>{labelOf(r.field)}</td>
                    <td>
                      <Tag minimal>{t(`OCRRULES.KINDS.${r.kind}`)}</Tag>
                    </td>
                    <td className={r.kind === 'pattern' ? 'ocrr-mono' : undefined} data-tenant-text>
                      {describe(r, t)}
                    </td>
                    <td data-tenant-text>{hit && hit.source === r.kind ? hit.value : ''}</td>
                    <td>
                      <Button
                        minimal
                        small
                        icon="trash"
                        aria-label={t('OCRRULES.DELETE')}
                        title={t('OCRRULES.DELETE')}
                        onClick={() => setRules((rs) => rs.filter((_, k) => k !== i))}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        ) : (
          <Callout compact>{t('OCRRULES.NONE')}</Callout>
        )}
        <h4>{t('OCRRULES.ADD_TITLE')}</h4>
        {view.fields.length ? (
          <RuleForm fields={view.fields} sample={sample} drawn={drawn} onAdd={(r) => setRules((rs) => [...rs, r])} />
        ) : (
          <Callout compact intent={Intent.WARNING}>
            {t('OCRRULES.NO_FIELDS')}
          </Callout>
        )}
        <div className="ocrr-actions">
          <Button
            intent={Intent.PRIMARY}
            icon="floppy-disk"
            text={t('OCRRULES.SAVE')}
            loading={saving}
            disabled={!dirty}
            onClick={() => void save()}
          />
          {dirty && <span className="ocrr-muted">{t('OCRRULES.UNSAVED')}</span>}
        </div>
      </section>
      <section className="ocrr-sample">
        <h3>{t('OCRRULES.SAMPLE')}</h3>
        <FileInput
          fill
          hasSelection={!!scan.name}
          text={scan.name ?? t('OCRRULES.CHOOSE_IMAGE')}
          buttonText={t('OCRRULES.BROWSE')}
          inputProps={{
            accept: 'image/png,image/jpeg,image/tiff,image/webp,application/pdf',
            'aria-label': t('OCRRULES.CHOOSE_IMAGE'),
          }}
          onInputChange={(e) => {
            setSamplePage(1);
            scan.choose(e.currentTarget.files?.[0] ?? null);
          }}
        />
        {scan.reading && (
          <div className="ocrr-muted ocrr-reading">
            <Spinner size={14} />
            {t('OCRRULES.READING')}
          </div>
        )}
        {sampleSrc ? (
          <>
            <p className="ocrr-muted">{t('OCRRULES.DRAW_HINT')}</p>
            <PageSwitch
              page={samplePage}
              count={scan.pageImages.length}
              onChange={setSamplePage}
              texts={{
                of: t('OCRRULES.PAGE_OF', { n: samplePage, count: scan.pageImages.length }),
                previous: t('OCRRULES.PREV_PAGE'),
                next: t('OCRRULES.NEXT_PAGE'),
              }}
            />
            <SampleImage
              src={sampleSrc}
              page={samplePage}
              drawn={drawn?.page === samplePage ? drawn.box : null}
              onDraw={setDrawn}
              outlines={rules.flatMap((r, i) =>
                r.kind === 'position' && r.page === samplePage
                  ? [{ key: String(i), label: labelOf(r.field), box: r.box }]
                  : [],
              )}
            />
          </>
        ) : (
          <>
            <label className="ocrr-muted ocrr-block" htmlFor="ocrr-text">
              {t('OCRRULES.PASTE')}
            </label>
            <TextArea
              id="ocrr-text"
              fill
              rows={8}
              className="ocrr-mono"
              value={text}
              maxLength={20000}
              placeholder={t('OCRRULES.PASTE_PLACEHOLDER')}
              onChange={(e) => setText(e.currentTarget.value)}
            />
          </>
        )}
      </section>
    </div>
  );
}

/** The form designer's OCR tab: an app's mapping rules per field, tried on a sample before they are saved. */
export default function OcrRulesPanel({ moduleId }: { moduleId: string }) {
  const q = useQuery({ queryKey: rulesKey(moduleId), queryFn: () => rulesApi.get(moduleId) });
  if (q.isPending) return <Spinner />;
  if (q.isError) return <NonIdealState icon="error" title={errorMessage(q.error)} />;
  return <Rules key={q.data.modifiedOn ?? 'new'} moduleId={moduleId} view={q.data} />;
}
