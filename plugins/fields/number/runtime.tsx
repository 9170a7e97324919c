import { defineFieldRuntime } from '../../../runtime/react/contract';
import { NumberWidget, TextDisplay } from '../../../runtime/react/widgets';
import { manifest } from './manifest';

export const runtime = defineFieldRuntime({
  manifest,
  Widget: (p) => <NumberWidget {...p} />,
  Display: TextDisplay,
});
