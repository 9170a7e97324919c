import { defineFieldRuntime } from '../../../runtime/react/contract';
import { NativeInputWidget, TextDisplay } from '../../../runtime/react/widgets';
import { manifest } from './manifest';

export const runtime = defineFieldRuntime({
  manifest,
  Widget: (p) => <NativeInputWidget {...p} kind="date" />,
  Display: TextDisplay,
});
