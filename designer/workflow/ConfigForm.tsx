import { Checkbox, FormGroup, HTMLSelect, InputGroup, Intent, NumericInput } from '@blueprintjs/core';
import Form from '@rjsf/core';
import type {
  FieldTemplateProps,
  ObjectFieldTemplateProps,
  RegistryFieldsType,
  RJSFSchema,
  UiSchema,
  WidgetProps,
} from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { useTranslation } from 'react-i18next';

/** Blueprint widgets for the forms generated from plugins' config schemas. */
function TextWidget({ id, value, disabled, readonly, onChange, onBlur, schema }: WidgetProps) {
  if (
    schema.type === 'integer' ||
    schema.type === 'number' ||
    (Array.isArray(schema.type) && schema.type.some((x) => x === 'integer' || x === 'number'))
  ) {
    return (
      <NumericInput
        id={id}
        fill
        value={value ?? ''}
        disabled={disabled || readonly}
        min={typeof schema.minimum === 'number' ? schema.minimum : undefined}
        max={typeof schema.maximum === 'number' ? schema.maximum : undefined}
        onValueChange={(n, s) => onChange(s === '' || Number.isNaN(n) ? null : n)}
        onBlur={() => onBlur(id, value)}
      />
    );
  }
  return (
    <InputGroup
      id={id}
      value={value ?? ''}
      disabled={disabled || readonly}
      onChange={(e) => onChange(e.target.value)}
      onBlur={() => onBlur(id, value)}
    />
  );
}

function SelectWidget({ id, value, disabled, readonly, onChange, options }: WidgetProps) {
  const { t } = useTranslation();
  const items = (options.enumOptions ?? []).map((o) => ({
    value: String(o.value),
    label: t(`WORKFLOW.OPTION.${String(o.value)}`, { defaultValue: String(o.label) }),
  }));
  return (
    <HTMLSelect
      id={id}
      fill
      value={value ?? ''}
      disabled={disabled || readonly}
      options={items}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

function CheckboxWidget({ id, value, disabled, readonly, onChange, label }: WidgetProps) {
  return (
    <Checkbox
      id={id}
      checked={!!value}
      label={label}
      disabled={disabled || readonly}
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
}

function FieldTemplate({ id, label, children, rawErrors, hidden, displayLabel, schema }: FieldTemplateProps) {
  if (hidden) return null;
  if (schema.type === 'object') return children;
  const error = rawErrors?.[0];
  return (
    <FormGroup
      label={displayLabel ? label : undefined}
      labelFor={id}
      helperText={error}
      intent={error ? Intent.DANGER : Intent.NONE}
    >
      {children}
    </FormGroup>
  );
}

function ObjectFieldTemplate({ properties }: ObjectFieldTemplateProps) {
  return <div className="wf-config">{properties.map((p) => p.content)}</div>;
}

const widgets = { TextWidget, SelectWidget, CheckboxWidget, UpDownWidget: TextWidget };
const templates = { FieldTemplate, ObjectFieldTemplate };

export interface ConfigFormProps {
  schema: RJSFSchema;
  value: Record<string, unknown>;
  /** Labels per property (from the plugin's namespace). */
  labels: Record<string, string>;
  /** Custom fields by property name, e.g. the approver picker. */
  custom?: Record<string, string>;
  fields?: RegistryFieldsType;
  idPrefix: string;
  onChange(value: Record<string, unknown>): void;
}

/** A plugin's configuration edited through a form generated from its config schema (rjsf on Blueprint). */
export function ConfigForm({ schema, value, labels, custom = {}, fields, idPrefix, onChange }: ConfigFormProps) {
  const props = (schema.properties ?? {}) as Record<string, RJSFSchema>;
  const uiSchema: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
  for (const k of Object.keys(props))
    uiSchema[k] = { 'ui:title': labels[k] ?? k, ...(custom[k] ? { 'ui:field': custom[k] } : {}) };
  return (
    <Form
      schema={schema}
      uiSchema={uiSchema}
      formData={value}
      validator={validator}
      widgets={widgets}
      templates={templates}
      fields={fields}
      idPrefix={idPrefix}
      liveValidate="onChange"
      showErrorList={false}
      noHtml5Validate
      tagName="div"
      onChange={(e) => onChange((e.formData ?? {}) as Record<string, unknown>)}
    />
  );
}
