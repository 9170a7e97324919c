import { useMemo } from 'react';
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
import { useTranslation } from 'react-i18next';
import { compileSchema } from '../../ajv';
import type { JsonSchema } from '../../plugin-contract';
import type { ConfigEditorProps } from '../designer-contract';
import { addItem, humanize, labelProperty, moveItem, removeItem, renameItem } from './config-list';

type Props = Record<string, JsonSchema>;
type Config = Record<string, unknown>;

/**
 * The default config editor: a form generated from the manifest's configSchema. It covers the shapes the field
 * plugins use (strings, enums, numbers, booleans, lists of objects); a plugin with other needs ships its own.
 */
export function SchemaConfigEditor({
  schema,
  config,
  onChange,
  disabled,
  idPrefix,
}: ConfigEditorProps<object> & { schema: JsonSchema; idPrefix: string }) {
  const { t } = useTranslation();
  const props = (schema.properties ?? {}) as Props;
  const value = config as Config;
  const validate = useMemo(() => compileSchema(schema), [schema]);
  const problem = validate(value) ? undefined : validate.errors?.[0];
  const label = (key: string) => t(`FIELD_CONFIG.${key}`, { defaultValue: humanize(key) });
  const set = (key: string, v: unknown) => {
    const next = { ...value };
    if (v === undefined) delete next[key];
    else next[key] = v;
    onChange(next);
  };

  return (
    <div className="ff-config-editor">
      {Object.entries(props).map(([key, s]) => {
        const id = `${idPrefix}-${key}`;
        const bad = problem?.instancePath.startsWith(`/${key}`);
        return (
          <FormGroup
            key={key}
            label={label(key)}
            labelFor={id}
            intent={bad ? Intent.DANGER : Intent.NONE}
            helperText={bad ? problem?.message : undefined}
          >
            <ConfigInput
              id={id}
              schema={s}
              value={value[key]}
              disabled={disabled}
              onChange={(v) => set(key, v)}
              itemLabel={label}
            />
          </FormGroup>
        );
      })}
      {problem && !problem.instancePath && <p className="ff-config-error">{problem.message}</p>}
    </div>
  );
}

interface InputProps {
  id: string;
  schema: JsonSchema;
  value: unknown;
  disabled?: boolean;
  onChange(v: unknown): void;
  itemLabel(key: string): string;
}

function ConfigInput({ id, schema, value, disabled, onChange, itemLabel }: InputProps) {
  const { t } = useTranslation();
  if (Array.isArray(schema.enum)) {
    const options = (schema.enum as unknown[]).map((o) => ({ value: String(o), label: String(o) }));
    return (
      <HTMLSelect
        id={id}
        value={value === undefined ? '' : String(value)}
        disabled={disabled}
        options={options}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    );
  }
  switch (schema.type) {
    case 'boolean':
      return (
        <Switch
          id={id}
          checked={value === true}
          disabled={disabled}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case 'integer':
    case 'number':
      return (
        <NumericInput
          id={id}
          fill
          buttonPosition="none"
          value={typeof value === 'number' ? value : ''}
          min={typeof schema.minimum === 'number' ? schema.minimum : undefined}
          max={typeof schema.maximum === 'number' ? schema.maximum : undefined}
          minorStepSize={schema.type === 'integer' ? null : 0.001}
          disabled={disabled}
          onValueChange={(n, s) => onChange(s.trim() === '' ? undefined : Number.isFinite(n) ? n : value)}
        />
      );
    case 'array': {
      const items = Array.isArray(value) ? (value as Config[]) : [];
      const itemSchema = (schema.items ?? {}) as JsonSchema;
      const fields = Object.keys((itemSchema.properties as Props | undefined) ?? {});
      const shown = labelProperty(itemSchema);
      return (
        <div id={id} className="ff-config-list">
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
                addItem(items, itemSchema, (n) =>
                  shown ? t('FIELD_CONFIG.ITEM', { n, defaultValue: `Item ${n}` }) : '',
                ),
              )
            }
          />
        </div>
      );
    }
    default: {
      const type = schema.format === 'date' ? 'date' : schema.format === 'date-time' ? 'datetime-local' : 'text';
      const text = value === undefined ? '' : String(value);
      // Dates and times are optional bounds: clearing one removes it; date-times are stored as full ISO strings.
      const toValue = (v: string) =>
        v === '' && type !== 'text' ? undefined : type === 'datetime-local' ? new Date(v).toISOString() : v;
      return (
        <InputGroup
          id={id}
          type={type}
          value={type === 'datetime-local' ? text.slice(0, 16) : text}
          disabled={disabled}
          onValueChange={(v) => onChange(toValue(v))}
        />
      );
    }
  }
}
