/**
 * First render: from just before React renders to the frame after the commit (layout and paint included); and the
 * same frame counted from navigation, which adds loading each page's code (its own chunks, styles and libraries).
 */
export function markRendered(t0: number, fields: number, extra: Record<string, number> = {}) {
  requestAnimationFrame(() =>
    setTimeout(() => {
      const now = performance.now();
      window.__bench = { firstRenderMs: now - t0, fromNavigationMs: now, fields, ...extra };
    }, 0),
  );
}
