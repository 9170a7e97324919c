import { defineFieldRuntime } from '../../../runtime/react/contract';
import { TextDisplay } from '../../../runtime/react/widgets';
import { LinkButtonWidget } from './LinkButtonWidget';
import { manifest } from './manifest';

export const runtime = defineFieldRuntime({
  manifest,
  Widget: LinkButtonWidget,
  Display: TextDisplay,
});
