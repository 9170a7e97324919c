import type { OcrMappedField, OcrPage } from '../../../../../schemas/api/ocr';

interface Props {
  src: string;
  page: OcrPage;
  fields: OcrMappedField[];
  label(field: string): string;
}

/** The page image with each found field's source box drawn over it (positions as shares of the page, any size). */
export function PageWithBoxes({ src, page, fields, label }: Props) {
  const pct = (v: number, of: number) => `${(v / of) * 100}%`;
  return (
    <figure className="ocr-page">
      <img src={src} alt="" />
      {fields
        .filter((f) => f.box && f.page === page.page)
        .map((f) => (
          <span
            key={f.field}
            className="ocr-box"
            title={label(f.field)}
            data-tenant-text
            style={{
              left: pct(f.box!.x, page.width),
              top: pct(f.box!.y, page.height),
              width: pct(f.box!.width, page.width),
              height: pct(f.box!.height, page.height),
            }}
          />
        ))}
    </figure>
  );
}
