import { memo } from 'react';
import { Slider } from '@blueprintjs/core';
import type { WidgetProps } from '../../../runtime/react/contract';
import type { SliderConfig } from './manifest';

/** Blueprint's slider over the configured range; an empty value sits at the minimum. */
export const SliderWidget = memo(function SliderWidget({
  value,
  disabled,
  onChange,
  config,
}: WidgetProps<SliderConfig>) {
  const { minValue: min, maxValue: max, intervalSize: step } = config;
  return (
    <Slider
      min={min}
      max={max}
      stepSize={step}
      labelStepSize={Math.max(step, (max - min) / 5)}
      value={typeof value === 'number' ? value : min}
      disabled={disabled}
      onChange={onChange}
    />
  );
});
