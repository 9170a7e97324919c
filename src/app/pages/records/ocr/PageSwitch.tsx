import { Button, ButtonGroup } from '@blueprintjs/core';

interface Props {
  page: number;
  count: number;
  onChange(page: number): void;
  /** The texts, from whichever namespace the host page loads. */
  texts: { of: string; previous: string; next: string };
}

/** Previous / "Page n of m" / next over a document's pages (nothing for a single page). */
export function PageSwitch({ page, count, onChange, texts }: Props) {
  if (count < 2) return null;
  return (
    <ButtonGroup className="ocr-page-switch">
      <Button icon="chevron-left" aria-label={texts.previous} disabled={page <= 1} onClick={() => onChange(page - 1)} />
      <Button disabled text={texts.of} />
      <Button
        icon="chevron-right"
        aria-label={texts.next}
        disabled={page >= count}
        onClick={() => onChange(page + 1)}
      />
    </ButtonGroup>
  );
}
