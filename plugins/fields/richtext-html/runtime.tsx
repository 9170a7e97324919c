import { defineFieldRuntime } from '../../../runtime/react/contract';
import { RichTextDisplay, RichTextWidget } from '../../../runtime/react/widgets';
import { manifest } from './manifest';

export const runtime = defineFieldRuntime({
  manifest,
  Widget: RichTextWidget,
  Display: RichTextDisplay,
});
