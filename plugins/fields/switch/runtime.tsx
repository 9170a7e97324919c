import { defineFieldRuntime } from '../../../runtime/react/contract';
import { SwitchWidget, TextDisplay } from '../../../runtime/react/widgets';
import { manifest } from './manifest';

export const runtime = defineFieldRuntime({
  manifest,
  Widget: (p) => <SwitchWidget {...p} label={p.value === true ? p.config.onLabel : p.config.offLabel} />,
  Display: TextDisplay,
});
