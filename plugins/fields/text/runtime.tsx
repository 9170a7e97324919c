import { defineFieldRuntime } from '../../../runtime/react/contract';
import { TextDisplay, TextWidget } from '../../../runtime/react/widgets';
import { manifest } from './manifest';

export const runtime = defineFieldRuntime({
  manifest,
  Widget: (p) => <TextWidget {...p} placeholder={p.config.placeholder} />,
  Display: TextDisplay,
});
