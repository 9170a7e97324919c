import { defineFieldRuntime } from '../../../runtime/react/contract';
import { ChecksWidget, TextDisplay } from '../../../runtime/react/widgets';
import { manifest } from './manifest';

export const runtime = defineFieldRuntime({
  manifest,
  Widget: (p) => <ChecksWidget {...p} options={p.config.flags.map((f) => ({ value: f.id, label: f.label }))} />,
  Display: TextDisplay,
});
