import { defineFieldRuntime } from '../../../runtime/react/contract';
import { RatingWidget, TextDisplay } from '../../../runtime/react/widgets';
import { manifest } from './manifest';

export const runtime = defineFieldRuntime({
  manifest,
  Widget: (p) => <RatingWidget {...p} max={p.config.maxStars} />,
  Display: TextDisplay,
});
