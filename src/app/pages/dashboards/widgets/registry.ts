import type { WidgetKind } from './types';

/** Every widget kind, found by folder: widgets/<kind>/index.tsx exports `widget`. */
const modules = import.meta.glob<{ widget: WidgetKind }>('./*/index.tsx', { eager: true });
export const widgetKinds: WidgetKind[] = Object.values(modules)
  .map((m) => m.widget)
  .sort((a, b) => a.kind.localeCompare(b.kind));
const byKind = new Map(widgetKinds.map((w) => [w.kind, w]));
export const widgetKind = (kind: string): WidgetKind | undefined => byKind.get(kind);
