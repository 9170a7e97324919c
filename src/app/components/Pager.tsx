import { Button, ButtonGroup } from '@blueprintjs/core';

/** Previous / "page n of m" / next, for lists paged on the server; shown only when there is more than one page. */
export function Pager(p: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  texts: { previous: string; next: string; page: string };
}) {
  if (p.pages <= 1) return null;
  return (
    <ButtonGroup>
      <Button
        icon="chevron-left"
        disabled={p.page <= 1}
        onClick={() => p.onPage(p.page - 1)}
        aria-label={p.texts.previous}
      />
      <Button disabled text={p.texts.page} />
      <Button
        icon="chevron-right"
        disabled={p.page >= p.pages}
        onClick={() => p.onPage(p.page + 1)}
        aria-label={p.texts.next}
      />
    </ButtonGroup>
  );
}
