import { TextArea } from '@blueprintjs/core';
import { DEFAULT_COLUMN_WIDTH } from '../../schemas/module-definition';
import type { ConfigWidgetProps } from '../../runtime/react/designer/SchemaConfigEditor';

/** Custom inputs the property panel gives the schema-driven editor for two common properties. */
export function HelpTextInput({ id, value, onChange, disabled, invalid }: ConfigWidgetProps) {
  return (
    <TextArea
      id={id}
      fill
      rows={2}
      value={typeof value === 'string' ? value : ''}
      disabled={disabled}
      intent={invalid ? 'danger' : 'none'}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/** The width on the 12-column grid: a range with the chosen span beside it. */
export function ColumnWidthInput({ id, schema, value, onChange, disabled }: ConfigWidgetProps) {
  const n = typeof value === 'number' ? value : DEFAULT_COLUMN_WIDTH;
  const max = typeof schema.maximum === 'number' ? schema.maximum : 12;
  return (
    <div className="fd-range">
      <input
        id={id}
        type="range"
        min={typeof schema.minimum === 'number' ? schema.minimum : 1}
        max={max}
        step={1}
        value={n}
        disabled={disabled}
        onChange={(e) => onChange(Number(e.currentTarget.value))}
      />
      <output htmlFor={id}>{`${n}/${max}`}</output>
    </div>
  );
}
