import { defineFieldRuntime } from '../../../runtime/react/contract';
import { LinkButtonWidget, TextDisplay } from '../../../runtime/react/widgets';
import { manifest } from './manifest';

export const runtime = defineFieldRuntime({
  manifest,
  Widget: (p) => <LinkButtonWidget {...p} text={p.config.text} url={p.config.url} />,
  Display: TextDisplay,
});
