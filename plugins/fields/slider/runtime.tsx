import { defineFieldRuntime } from '../../../runtime/react/contract';
import { SliderWidget, TextDisplay } from '../../../runtime/react/widgets';
import { manifest } from './manifest';

export const runtime = defineFieldRuntime({
  manifest,
  Widget: (p) => <SliderWidget {...p} min={p.config.minValue} max={p.config.maxValue} step={p.config.intervalSize} />,
  Display: TextDisplay,
});
