import { memo } from 'react';
import { Checkbox } from '@blueprintjs/core';
import type { WidgetProps } from '../../../runtime/react/contract';
import type { CheckboxConfig } from './manifest';

/** One tick box, labelled with the configured text. */
export const CheckboxWidget = memo(function CheckboxWidget({
  id,
  value,
  disabled,
  onChange,
  config,
}: WidgetProps<CheckboxConfig>) {
  return (
    <Checkbox
      id={id}
      checked={value === true}
      disabled={disabled}
      label={config.text}
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
});
