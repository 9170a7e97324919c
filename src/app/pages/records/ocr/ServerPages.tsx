import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OcrMappedField, OcrPage } from '../../../../../schemas/api/ocr';
import { PageSwitch } from './PageSwitch';
import { PageWithBoxes } from './PageWithBoxes';
import { usePageImage } from './use-page-image';

interface Props {
  urls: string[];
  pages: OcrPage[];
  fields: OcrMappedField[];
  label(field: string): string;
}

/** The pages the server drew of a PDF, one at a time, opening at the first page a field was found on. */
export function ServerPages({ urls, pages, fields, label }: Props) {
  const { t } = useTranslation();
  const first = Math.min(...fields.filter((f) => f.box).map((f) => f.page), urls.length);
  const [n, setN] = useState(Number.isFinite(first) ? Math.max(1, first) : 1);
  const src = usePageImage(urls[n - 1]);
  const page = pages.find((p) => p.page === n) ?? pages[0];
  return (
    <div className="ocr-pages">
      <PageSwitch
        page={n}
        count={urls.length}
        onChange={setN}
        texts={{
          of: t('OCR.PAGE_OF', { n, count: urls.length }),
          previous: t('OCR.PREV_PAGE'),
          next: t('OCR.NEXT_PAGE'),
        }}
      />
      {src && page && <PageWithBoxes src={src} page={page} fields={fields} label={label} />}
    </div>
  );
}
