import { Callout, Intent } from '@blueprintjs/core';
import { defineFieldRuntime, type DisplayProps, type WidgetProps } from '../../../runtime/react/contract';
import { manifest, type CalculationElementConfig } from './manifest';

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const intents = {
  none: Intent.NONE,
  primary: Intent.PRIMARY,
  success: Intent.SUCCESS,
  warning: Intent.WARNING,
  danger: Intent.DANGER,
} as const;

/** The text as a block of the form (announced to screen readers when the formula changes it). */
function Widget({ id, value, config }: WidgetProps<CalculationElementConfig>) {
  return (
    <Callout id={id} intent={intents[config.tone] ?? Intent.NONE} compact aria-live="polite" data-tenant-text>
      {text(value)}
    </Callout>
  );
}

function Display({ value }: DisplayProps<CalculationElementConfig>) {
  return <span data-tenant-text>{text(value)}</span>;
}

export const runtime = defineFieldRuntime({ manifest, Widget, Display });
