import { defineFieldRuntime } from '../../../runtime/react/contract';
import { ComputedWidget, TextDisplay } from '../../../runtime/react/widgets';
import { manifest } from './manifest';

export const runtime = defineFieldRuntime({
  manifest,
  Widget: ComputedWidget,
  Display: TextDisplay,
});
