import { useEffect, useRef } from 'react';
import type { EChartsCoreOption } from './echarts-setup';

/**
 * One ECharts chart, drawn as SVG. ECharts is loaded on first use (tree-shaken, echarts-setup.ts); the chart follows
 * its box's size and the newest option. `label` names it for screen readers (ECharts' aria describes the data).
 */
export function EChart({ option, height = 240, label }: { option: EChartsCoreOption; height?: number; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<{ setOption(o: EChartsCoreOption, notMerge?: boolean): void; resize(): void; dispose(): void }>(
    null,
  );
  const latest = useRef(option);
  latest.current = option;

  useEffect(() => {
    let gone = false;
    let observer: ResizeObserver | undefined;
    void import('./echarts-setup').then(({ init }) => {
      if (gone || !box.current) return;
      const c = init(box.current, undefined, { renderer: 'svg' });
      c.setOption({ aria: { enabled: true }, ...latest.current });
      chart.current = c;
      observer = new ResizeObserver(() => c.resize());
      observer.observe(box.current);
    });
    return () => {
      gone = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption({ aria: { enabled: true }, ...option }, true);
  }, [option]);

  return <div ref={box} role="img" aria-label={label} className="echart" style={{ height, width: '100%' }} />;
}
