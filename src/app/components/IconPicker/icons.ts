/** Blueprint's bundled icon names, loaded on demand from the app's own bundle (never a CDN). */
export async function loadIconNames(): Promise<string[]> {
  const { IconNames } = await import('@blueprintjs/icons');
  return [...new Set(Object.values(IconNames) as string[])].sort();
}

export const ICON_PAGE_SIZE = 50;
export const DEFAULT_ICON = 'home';

/** Icons whose name contains every word of the search, in name order. */
export function filterIcons(all: string[], search: string): string[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return words.length ? all.filter((n) => words.every((w) => n.includes(w))) : all;
}
