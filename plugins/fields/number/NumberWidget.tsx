import { memo, useState } from 'react';
import type { WidgetProps } from '../../../runtime/react/contract';
import { inputClass, text } from '../../../runtime/react/widgets';
import type { NumberConfig } from './manifest';

/** What the user typed stays on screen ('4.', '-'); the value is a number once the text is one, else the text (invalid). */
export const NumberWidget = memo(function NumberWidget({
  id,
  value,
  disabled,
  invalid,
  onChange,
  onBlur,
}: WidgetProps<NumberConfig>) {
  const [draft, setDraft] = useState(() => text(value));
  const shown = typeof value === 'number' && Number(draft) === value && draft.trim() !== '' ? draft : text(value);
  return (
    <input
      id={id}
      className={inputClass(invalid)}
      type="text"
      inputMode="decimal"
      value={shown}
      disabled={disabled}
      aria-invalid={invalid || undefined}
      onChange={(e) => {
        const s = e.target.value;
        setDraft(s);
        const n = Number(s);
        onChange(s.trim() === '' ? null : Number.isFinite(n) ? n : s);
      }}
      onBlur={onBlur}
    />
  );
});
