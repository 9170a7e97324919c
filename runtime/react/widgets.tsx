import { memo } from 'react';
import { Checkbox, Classes, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import type { DisplayProps, WidgetProps } from './contract';

/**
 * Building blocks shared by several field plugins; each plugin folder says which one it uses and how. A widget
 * only one plugin uses lives in that plugin's folder.
 */
export const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * Text and numbers use a native input with Blueprint's input classes: it looks like InputGroup but costs a
 * fraction to mount, which matters on forms of a thousand fields.
 */
export const inputClass = (invalid: boolean) =>
  `${Classes.INPUT} ${Classes.FILL}${invalid ? ` ${Classes.intentClass(Intent.DANGER)}` : ''}`;

export const TextWidget = memo(function TextWidget({
  id,
  value,
  disabled,
  invalid,
  placeholder,
  onChange,
  onBlur,
  type = 'text',
}: WidgetProps & { type?: string }) {
  return (
    <input
      id={id}
      className={inputClass(invalid)}
      type={type}
      value={text(value)}
      disabled={disabled}
      placeholder={placeholder}
      aria-invalid={invalid || undefined}
      onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
      onBlur={onBlur}
    />
  );
});

export const TextAreaWidget = memo(function TextAreaWidget({
  id,
  value,
  disabled,
  invalid,
  onChange,
  onBlur,
  rows = 4,
}: WidgetProps & { rows?: number }) {
  return (
    <TextArea
      id={id}
      fill
      rows={rows}
      value={text(value)}
      disabled={disabled}
      intent={invalid ? 'danger' : 'none'}
      onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
      onBlur={onBlur}
    />
  );
});

/** Native date/time inputs styled as Blueprint inputs: small, accessible, and they keep ISO values. */
export const NativeInputWidget = memo(function NativeInputWidget({
  id,
  value,
  disabled,
  invalid,
  onChange,
  onBlur,
  kind,
}: WidgetProps & { kind: 'date' | 'time' | 'datetime-local' }) {
  const shown = kind === 'datetime-local' && typeof value === 'string' ? value.slice(0, 16) : text(value);
  return (
    <input
      id={id}
      className={`bp6-input bp6-fill${invalid ? ' bp6-intent-danger' : ''}`}
      type={kind}
      step={kind === 'time' ? 1 : undefined}
      value={shown}
      disabled={disabled}
      onChange={(e) => {
        const v = e.target.value;
        if (!v) return onChange(null);
        if (kind === 'datetime-local') return onChange(new Date(v).toISOString());
        onChange(kind === 'time' && v.length === 5 ? `${v}:00` : v);
      }}
      onBlur={onBlur}
    />
  );
});

export const ChecksWidget = memo(function ChecksWidget({
  id,
  value,
  disabled,
  onChange,
  options,
}: WidgetProps & { options: { value: string; label: string }[] }) {
  const selected = Array.isArray(value) ? (value as string[]) : [];
  return (
    <div id={id} role="group">
      {options.map((o) => (
        <Checkbox
          key={o.value}
          label={o.label}
          checked={selected.includes(o.value)}
          disabled={disabled}
          onChange={(e) =>
            onChange(e.currentTarget.checked ? [...selected, o.value] : selected.filter((s) => s !== o.value))
          }
        />
      ))}
    </div>
  );
});

export function TextDisplay({ value }: DisplayProps) {
  return (
    <span>
      {Array.isArray(value) ? value.join(', ') : typeof value === 'boolean' ? (value ? '✓' : '✗') : text(value)}
    </span>
  );
}

/** Computed values: read-only, formatted. */
export function ComputedWidget({ id, value, config }: WidgetProps) {
  const places = (config as { decimalPlaces?: number }).decimalPlaces ?? 2;
  const shown =
    typeof value === 'number' ? value.toFixed(places) : typeof value === 'boolean' ? (value ? '✓' : '✗') : text(value);
  return <InputGroup id={id} value={shown} readOnly className="computed" />;
}
