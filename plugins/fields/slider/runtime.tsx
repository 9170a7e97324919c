import { defineFieldRuntime } from '../../../runtime/react/contract';
import { TextDisplay } from '../../../runtime/react/widgets';
import { manifest } from './manifest';
import { SliderWidget } from './SliderWidget';

export const runtime = defineFieldRuntime({
  manifest,
  Widget: SliderWidget,
  Display: TextDisplay,
});
