import { useMemo, type ComponentType } from 'react';
import {
  Button,
  ControlGroup,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  NumericInput,
  Switch,
} from '@blueprintjs/core';
import type { ErrorObject } from 'ajv';
import { useTranslation } from 'react-i18next';
import { compileSchema } from '../../ajv';
import type { JsonSchema } from '../../plugin-contract';
import { addItem, humanize, labelProperty, moveItem, removeItem, renameItem } from './config-list';

type Props = Record<string, JsonSchema>;
type Value = Record<string, unknown>;

/** What an input for one property receives, the generated ones and a host's custom ones alike. */
export interface ConfigWidgetProps {
  id: string;
  schema: JsonSchema;
  value: unknown;
  /** undefined removes the property from the value. */
  onChange(value: unknown): void;
  disabled?: boolean;
  invalid: boolean;
  /** The property's label (already drawn above the input; for aria labels of inner parts). */
  label: string;
  required: boolean;
}

/** Where labels come from: `t(keyPrefix + property, { ns })`, else the schema's title, else the property in words. */
export interface ConfigEditorTexts {
  ns?: string;
  keyPrefix?: string;
  /** Enum options: `t(optionPrefix + value, { ns })`, else the value itself. */
  optionPrefix?: string;
}

export interface SchemaConfigEditorProps {
  /** An object schema; each of its properties gets an input, in order. */
  schema: JsonSchema;
  value: Value;
  onChange(value: Value): void;
  /** Input ids are `${idPrefix}_${property}`. */
  idPrefix: string;
  i18n?: ConfigEditorTexts;
  /** Custom inputs by property name; the rest are generated from the property's schema. */
  widgets?: Partial<Record<string, ComponentType<ConfigWidgetProps>>>;
  disabled?: boolean;
}

const NO_TEXTS: ConfigEditorTexts = {};

/** The first problem of each top-level property ('' for the object itself). */
function problemsByProperty(errors: ErrorObject[] | null | undefined): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const e of errors ?? []) {
    const missing = e.keyword === 'required' ? (e.params as { missingProperty?: string }).missingProperty : undefined;
    const key = missing ?? (/^\/([^/]+)/.exec(e.instancePath)?.[1] ?? '').replace(/~1/g, '/').replace(/~0/g, '~');
    out[key] ??= e.message;
  }
  return out;
}

/**
 * THE settings editor generated from a JSON Schema: field plugins' config, the designer's common field
 * properties and activity settings all go through it. It covers strings (with date / date-time formats), enums,
 * numbers, booleans, nullable types and lists of objects; anything else is a custom widget for that property.
 */
export function SchemaConfigEditor({
  schema,
  value,
  onChange,
  idPrefix,
  i18n = NO_TEXTS,
  widgets,
  disabled,
}: SchemaConfigEditorProps) {
  const { t } = useTranslation(i18n.ns);
  const props = (schema.properties ?? {}) as Props;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const validate = useMemo(() => compileSchema(schema), [schema]);
  const problems = validate(value) ? {} : problemsByProperty(validate.errors);
  const label = (key: string, s?: JsonSchema) =>
    t(`${i18n.keyPrefix ?? ''}${key}`, {
      defaultValue: typeof s?.title === 'string' ? s.title : humanize(key),
    });
  const set = (key: string, v: unknown) => {
    const next = { ...value };
    if (v === undefined) delete next[key];
    else next[key] = v;
    onChange(next);
  };

  return (
    <div className="ff-config-editor">
      {Object.entries(props).map(([key, s]) => {
        const id = `${idPrefix}_${key}`;
        const problem = problems[key];
        const Custom = widgets?.[key];
        const input: ConfigWidgetProps = {
          id,
          schema: s,
          value: value[key],
          disabled,
          invalid: !!problem,
          label: label(key, s),
          required: required.has(key),
          onChange: (v) => set(key, v),
        };
        return (
          <FormGroup
            key={key}
            label={label(key, s)}
            labelFor={id}
            intent={problem ? Intent.DANGER : Intent.NONE}
            helperText={problem}
          >
            {Custom ? <Custom {...input} /> : <GeneratedInput {...input} texts={i18n} />}
          </FormGroup>
        );
      })}
      {problems[''] && <p className="ff-config-error">{problems['']}</p>}
    </div>
  );
}

/** `['integer', 'null']` is an integer that may be cleared to null. */
function typeOf(schema: JsonSchema): { type: unknown; nullable: boolean } {
  if (!Array.isArray(schema.type)) return { type: schema.type, nullable: false };
  return { type: schema.type.find((x) => x !== 'null'), nullable: schema.type.includes('null') };
}

type GeneratedProps = ConfigWidgetProps & { texts: ConfigEditorTexts };

function GeneratedInput(p: GeneratedProps) {
  if (Array.isArray(p.schema.enum)) return <EnumInput {...p} />;
  const { type, nullable } = typeOf(p.schema);
  const cleared = nullable ? null : undefined;
  switch (type) {
    case 'boolean':
      return (
        <Switch
          id={p.id}
          checked={p.value === true}
          disabled={p.disabled}
          onChange={(e) => p.onChange(e.currentTarget.checked)}
        />
      );
    case 'integer':
    case 'number':
      return (
        <NumericInput
          id={p.id}
          fill
          buttonPosition="none"
          value={typeof p.value === 'number' ? p.value : ''}
          min={typeof p.schema.minimum === 'number' ? p.schema.minimum : undefined}
          max={typeof p.schema.maximum === 'number' ? p.schema.maximum : undefined}
          minorStepSize={type === 'integer' ? null : 0.001}
          disabled={p.disabled}
          intent={p.invalid ? Intent.DANGER : Intent.NONE}
          onValueChange={(n, s) => p.onChange(s.trim() === '' ? cleared : Number.isFinite(n) ? n : p.value)}
        />
      );
    case 'array':
      return <ListInput {...p} />;
    default: {
      const kind = p.schema.format === 'date' ? 'date' : p.schema.format === 'date-time' ? 'datetime-local' : 'text';
      const text = p.value === undefined || p.value === null ? '' : String(p.value);
      // Dates, times and nullable texts are optional: clearing one removes it; date-times are full ISO strings.
      const toValue = (v: string) =>
        v === '' && (kind !== 'text' || nullable) ? cleared : kind === 'datetime-local' ? new Date(v).toISOString() : v;
      return (
        <InputGroup
          id={p.id}
          type={kind}
          value={kind === 'datetime-local' ? text.slice(0, 16) : text}
          disabled={p.disabled}
          intent={p.invalid ? Intent.DANGER : Intent.NONE}
          onValueChange={(v) => p.onChange(toValue(v))}
        />
      );
    }
  }
}

function EnumInput({ id, schema, value, onChange, disabled, required, texts }: GeneratedProps) {
  const { t } = useTranslation();
  const choices = schema.enum as unknown[];
  const { optionPrefix, ns } = texts;
  const options = choices.map((o) => ({
    value: String(o),
    label: optionPrefix ? t(`${optionPrefix}${String(o)}`, { ns, defaultValue: String(o) }) : String(o),
  }));
  // An optional choice can be left empty (a default value, say); a required one always holds one of the values.
  const empty = !required || value === undefined || value === null;
  return (
    <HTMLSelect
      id={id}
      fill
      value={value === undefined || value === null ? '' : String(value)}
      disabled={disabled}
      options={empty ? [{ value: '', label: '—' }, ...options] : options}
      onChange={(e) => {
        const v = e.currentTarget.value;
        onChange(v === '' ? undefined : choices.find((o) => String(o) === v));
      }}
    />
  );
}

function ListInput({ id, schema, value, onChange, disabled, label, texts }: GeneratedProps) {
  const { t } = useTranslation();
  const items = Array.isArray(value) ? (value as Value[]) : [];
  const itemSchema = (schema.items ?? {}) as JsonSchema;
  const fields = Object.keys((itemSchema.properties as Props | undefined) ?? {});
  const shown = labelProperty(itemSchema);
  const itemLabel = (f: string) => t(`${texts.keyPrefix ?? ''}${f}`, { ns: texts.ns, defaultValue: humanize(f) });
  return (
    <div id={id} className="ff-config-list" role="group" aria-label={label}>
      {items.map((item, i) => (
        <ControlGroup key={i} fill>
          {fields.map((f) => (
            <InputGroup
              key={f}
              aria-label={`${itemLabel(f)} ${i + 1}`}
              value={item[f] === undefined ? '' : String(item[f])}
              disabled={disabled}
              onValueChange={(v) => onChange(renameItem(items, i, f, v))}
            />
          ))}
          <Button
            icon="arrow-up"
            variant="minimal"
            aria-label={t('FIELD_CONFIG.MOVE_UP', { defaultValue: 'Move up' })}
            disabled={disabled || i === 0}
            onClick={() => onChange(moveItem(items, i, -1))}
          />
          <Button
            icon="trash"
            variant="minimal"
            intent={Intent.DANGER}
            aria-label={t('FIELD_CONFIG.REMOVE', { defaultValue: 'Remove' })}
            disabled={disabled}
            onClick={() => onChange(removeItem(items, i))}
          />
        </ControlGroup>
      ))}
      <Button
        icon="add"
        variant="minimal"
        text={t('FIELD_CONFIG.ADD', { defaultValue: 'Add' })}
        disabled={disabled}
        onClick={() =>
          onChange(
            addItem(items, itemSchema, (n) => (shown ? t('FIELD_CONFIG.ITEM', { n, defaultValue: `Item ${n}` }) : '')),
          )
        }
      />
    </div>
  );
}
