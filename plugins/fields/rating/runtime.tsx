import { defineFieldRuntime } from '../../../runtime/react/contract';
import { TextDisplay } from '../../../runtime/react/widgets';
import { manifest } from './manifest';
import { RatingWidget } from './RatingWidget';

export const runtime = defineFieldRuntime({
  manifest,
  Widget: RatingWidget,
  Display: TextDisplay,
});
