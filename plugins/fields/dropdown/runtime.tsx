import { defineFieldRuntime } from '../../../runtime/react/contract';
import { ChecksWidget, TextDisplay } from '../../../runtime/react/widgets';
import { ListOptionsWidget } from './ListOptions';
import { manifest } from './manifest';
import { SelectWidget } from './SelectWidget';

export const runtime = defineFieldRuntime({
  manifest,
  Widget: (p) =>
    p.config.listId ? (
      <ListOptionsWidget {...p} />
    ) : p.config.multiple ? (
      <ChecksWidget {...p} options={p.config.options} />
    ) : (
      <SelectWidget {...p} options={p.config.options} />
    ),
  Display: TextDisplay,
});
