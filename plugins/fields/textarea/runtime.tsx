import { defineFieldRuntime } from '../../../runtime/react/contract';
import { TextAreaWidget, TextDisplay } from '../../../runtime/react/widgets';
import { manifest } from './manifest';

export const runtime = defineFieldRuntime({
  manifest,
  Widget: (p) => <TextAreaWidget {...p} rows={p.config.rows} />,
  Display: TextDisplay,
});
