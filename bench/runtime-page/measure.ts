/** First render: from just before React renders to the frame after the commit (layout and paint included). */
export function markRendered(t0: number, fields: number, extra: Record<string, number> = {}) {
  requestAnimationFrame(() =>
    setTimeout(() => {
      window.__bench = { firstRenderMs: performance.now() - t0, fields, ...extra };
    }, 0),
  );
}
