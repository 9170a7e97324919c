import { memo, useContext } from 'react';
import { FormGroup, Intent } from '@blueprintjs/core';
import type { FieldProps } from '@rjsf/utils';
import { isVisible } from '../validation';
import type { Access } from '../permissions';
import type { CompiledField } from '../compile';
import { FormRuntimeContext } from './form-context';
import { fieldRuntimes } from './registry';

interface Props {
  field: CompiledField;
  value: unknown;
  access: Access;
  error?: string;
  disabled: boolean;
  onChange(name: string, v: unknown): void;
  onBlur(name: string): void;
}

/**
 * One field: label with the red asterisk, the plugin's widget, help text and the first error once touched.
 * Memoized on its own inputs, so typing in one field re-renders that field and its dependents only.
 */
const FieldView = memo(function FieldView({ field, value, access, error, disabled, onChange, onBlur }: Props) {
  const rt = fieldRuntimes[field.def.fieldType];
  if (!rt) return null;
  const id = `field-${field.def.name}`;
  const Widget = rt.Widget;
  return (
    <FormGroup
      label={field.label}
      labelFor={id}
      labelInfo={field.def.required && access === 'editable' ? <span className="required">*</span> : undefined}
      helperText={error ?? field.def.helpText}
      intent={error ? Intent.DANGER : Intent.NONE}
      className={`ff-field ff-type-${field.def.fieldType}`}
    >
      <Widget
        id={id}
        value={value}
        config={field.config}
        disabled={disabled}
        invalid={!!error}
        onChange={(v) => onChange(field.def.name, v)}
        onBlur={() => onBlur(field.def.name)}
      />
    </FormGroup>
  );
});

/** The rjsf field for every property: it defers to the plugin named by the definition. */
export function PluginField(props: FieldProps) {
  const ctx = useContext(FormRuntimeContext);
  if (!ctx) return null;
  const name = props.name;
  const field = ctx.compiled.fields[name];
  if (!field) return null;
  const access = ctx.access[name] ?? 'editable';
  if (!isVisible(field, ctx.values, access)) return null;
  const errs = ctx.errors[name];
  const show = ctx.showAll || ctx.touched[name];
  const disabled = (ctx.readOnly || access !== 'editable') && !field.manifest.uiHints?.alwaysEnabled;
  return (
    <FieldView
      field={field}
      value={ctx.values[name]}
      access={access}
      error={show && errs?.length ? errs[0] : undefined}
      disabled={disabled}
      onChange={ctx.onFieldChange}
      onBlur={ctx.onFieldBlur}
    />
  );
}
