import { memo } from 'react';
import { Switch } from '@blueprintjs/core';
import type { WidgetProps } from '../../../runtime/react/contract';
import type { SwitchConfig } from './manifest';

/** A switch labelled with the configured text of its current state. */
export const SwitchWidget = memo(function SwitchWidget({
  id,
  value,
  disabled,
  onChange,
  config,
}: WidgetProps<SwitchConfig>) {
  return (
    <Switch
      id={id}
      checked={value === true}
      disabled={disabled}
      label={value === true ? config.onLabel : config.offLabel}
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
});
