import { defineFieldRuntime } from '../../../runtime/react/contract';
import { TextDisplay } from '../../../runtime/react/widgets';
import { manifest } from './manifest';
import { SwitchWidget } from './SwitchWidget';

export const runtime = defineFieldRuntime({
  manifest,
  Widget: SwitchWidget,
  Display: TextDisplay,
});
