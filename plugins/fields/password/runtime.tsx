import { defineFieldRuntime } from '../../../runtime/react/contract';
import { TextWidget } from '../../../runtime/react/widgets';
import { manifest } from './manifest';
import { MaskedDisplay } from './MaskedDisplay';

export const runtime = defineFieldRuntime({
  manifest,
  Widget: (p) => <TextWidget {...p} type="password" />,
  Display: MaskedDisplay,
});
