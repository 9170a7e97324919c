import { defineFieldRuntime } from '../../../runtime/react/contract';
import { TextDisplay } from '../../../runtime/react/widgets';
import { CheckboxWidget } from './CheckboxWidget';
import { manifest } from './manifest';

export const runtime = defineFieldRuntime({
  manifest,
  Widget: CheckboxWidget,
  Display: TextDisplay,
});
