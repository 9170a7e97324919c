import { InputGroup } from '@blueprintjs/core';
import { defineFieldRuntime, type DisplayProps, type WidgetProps } from '../../../runtime/react/contract';
import { asRef } from '../../../runtime/react/reference-picker';
import { manifest, type CalculationUserConfig } from './manifest';

/** Until saved the formula's result may be a bare id; the server names the user when it stores it. */
const shown = (v: unknown) => asRef(v)?.label ?? (typeof v === 'string' ? v : '');

function Widget({ id, value }: WidgetProps<CalculationUserConfig>) {
  return <InputGroup id={id} value={shown(value)} readOnly className="computed" leftIcon="person" />;
}

function Display({ value }: DisplayProps<CalculationUserConfig>) {
  return <span data-tenant-text>{shown(value)}</span>;
}

export const runtime = defineFieldRuntime({ manifest, Widget, Display });
