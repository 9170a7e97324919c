import ReactGridLayout, { useContainerWidth, verticalCompactor, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import type { BoardFilters, Widget } from './api';
import { WidgetFrame } from './WidgetFrame';

/** The 12-column grid (react-grid-layout, loaded only with the dashboard pages): drag by the title, resize by the corner. */
export function DashboardGrid(p: {
  widgets: Widget[];
  filters: BoardFilters;
  editing: boolean;
  onChange(widgets: Widget[]): void;
}) {
  const { width, containerRef, mounted } = useContainerWidth();
  const layout = p.widgets.map(({ i, x, y, w, h }) => ({ i, x, y, w, h, minW: 2, minH: 3 }));
  const moved = (next: Layout) => {
    if (!p.editing) return;
    const at = new Map(next.map((l) => [l.i, l]));
    const changed = p.widgets.map((w) => {
      const l = at.get(w.i);
      return l ? { ...w, x: l.x, y: l.y, w: l.w, h: l.h } : w;
    });
    if (changed.some((w, n) => ['x', 'y', 'w', 'h'].some((k) => w[k as 'x'] !== p.widgets[n]![k as 'x'])))
      p.onChange(changed);
  };
  return (
    <div ref={containerRef} className="dash-grid">
      {mounted && (
        <ReactGridLayout
          width={width}
          layout={layout}
          gridConfig={{ cols: 12, rowHeight: 48, margin: [12, 12] }}
          dragConfig={{ enabled: p.editing, handle: '.dash-handle' }}
          resizeConfig={{ enabled: p.editing }}
          compactor={verticalCompactor}
          onLayoutChange={moved}
        >
          {p.widgets.map((w) => (
            <div key={w.i}>
              <WidgetFrame
                w={w}
                filters={p.filters}
                editing={p.editing}
                onChange={(next) => p.onChange(p.widgets.map((x) => (x.i === w.i ? next : x)))}
                onRemove={() => p.onChange(p.widgets.filter((x) => x.i !== w.i))}
              />
            </div>
          ))}
        </ReactGridLayout>
      )}
    </div>
  );
}
