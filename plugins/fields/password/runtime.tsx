import { defineFieldRuntime } from '../../../runtime/react/contract';
import { MaskedDisplay, TextWidget } from '../../../runtime/react/widgets';
import { manifest } from './manifest';

export const runtime = defineFieldRuntime({
  manifest,
  Widget: (p) => <TextWidget {...p} type="password" />,
  Display: MaskedDisplay,
});
