import { defineFieldRuntime, type DisplayProps } from '../../../runtime/react/contract';
import type { RecordRef } from '../../../runtime/plugin-contract';
import { LookupWidget } from './LookupWidget';
import { manifest, type LookupConfig } from './manifest';

/** A stored reference carries its label: lists and exports show it without asking the server. */
function LookupDisplay({ value }: DisplayProps<LookupConfig>) {
  const ref = value as RecordRef | null;
  return <span data-tenant-text>{ref && typeof ref === 'object' ? ref.label : ''}</span>;
}

export const runtime = defineFieldRuntime({ manifest, Widget: LookupWidget, Display: LookupDisplay });
