import { defineFieldRuntime, type DisplayProps } from '../../../runtime/react/contract';
import { asRef, asRefs } from '../../../runtime/react/reference-picker';
import { ChecksWidget, TextDisplay } from '../../../runtime/react/widgets';
import { DatasetOptionsWidget } from './DatasetOptions';
import { ListOptionsWidget } from './ListOptions';
import { manifest, type DropdownConfig } from './manifest';
import { SelectWidget } from './SelectWidget';

/** Dataset rows show by the label they were chosen with; other options by their value. */
function DropdownDisplay(p: DisplayProps<DropdownConfig>) {
  if (!p.config.datasetId) return <TextDisplay {...p} />;
  const refs = Array.isArray(p.value) ? asRefs(p.value) : [asRef(p.value)].filter((r) => !!r);
  return <span data-tenant-text>{refs.map((r) => r.label).join(', ')}</span>;
}

export const runtime = defineFieldRuntime({
  manifest,
  Widget: (p) =>
    p.config.datasetId ? (
      <DatasetOptionsWidget {...p} />
    ) : p.config.listId ? (
      <ListOptionsWidget {...p} />
    ) : p.config.multiple ? (
      <ChecksWidget {...p} options={p.config.options} />
    ) : (
      <SelectWidget {...p} options={p.config.options} />
    ),
  Display: DropdownDisplay,
});
