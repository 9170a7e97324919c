import { defineFieldRuntime } from '../../../runtime/react/contract';
import { TextDisplay } from '../../../runtime/react/widgets';
import { manifest } from './manifest';
import { NumberWidget } from './NumberWidget';

export const runtime = defineFieldRuntime({
  manifest,
  Widget: NumberWidget,
  Display: TextDisplay,
});
