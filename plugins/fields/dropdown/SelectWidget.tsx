import { memo } from 'react';
import { HTMLSelect } from '@blueprintjs/core';
import type { WidgetProps } from '../../../runtime/react/contract';
import { text } from '../../../runtime/react/widgets';

/** One choice of the options; the empty entry clears it. */
export const SelectWidget = memo(function SelectWidget({
  id,
  value,
  disabled,
  onChange,
  onBlur,
  options,
}: WidgetProps & { options: { value: string; label: string }[] }) {
  return (
    <HTMLSelect
      id={id}
      fill
      value={text(value)}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
      onBlur={onBlur}
      options={[{ value: '', label: '—' }, ...options]}
    />
  );
});
