import { defineFieldRuntime } from '../../../runtime/react/contract';
import { CheckboxWidget, TextDisplay } from '../../../runtime/react/widgets';
import { manifest } from './manifest';

export const runtime = defineFieldRuntime({
  manifest,
  Widget: (p) => <CheckboxWidget {...p} label={p.config.text} />,
  Display: TextDisplay,
});
