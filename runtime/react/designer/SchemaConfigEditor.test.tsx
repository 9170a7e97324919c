import { renderToString } from 'react-dom/server';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { SchemaConfigEditor, type ConfigWidgetProps, type SchemaConfigEditorProps } from './SchemaConfigEditor';

const i18n = i18next.createInstance();
await i18n.init({
  lng: 'en',
  showSupportNotice: false,
  resources: {
    en: { translation: {}, 'activity.demo': { dueInDays: 'Due in (days)', OPTION: { all: 'Everyone approves' } } },
  },
});

const draw = (p: Partial<SchemaConfigEditorProps> & Pick<SchemaConfigEditorProps, 'schema' | 'value'>) =>
  renderToString(
    <I18nextProvider i18n={i18n}>
      <SchemaConfigEditor idPrefix="x" onChange={() => undefined} {...p} />
    </I18nextProvider>,
  );

const schema = {
  type: 'object',
  properties: {
    approvalMode: { enum: ['any', 'all'] },
    dueInDays: { type: ['integer', 'null'], minimum: 0 },
    taskType: { type: 'string', minLength: 1, title: 'Kind of task' },
    starts: { type: 'string', format: 'date' },
    notify: { type: 'boolean' },
  },
  required: ['approvalMode', 'taskType'],
  additionalProperties: false,
};

describe('SchemaConfigEditor', () => {
  it('draws one labelled input per property, ids from the prefix, labels from the namespace, title or key', () => {
    const html = draw({
      schema,
      value: { approvalMode: 'all', dueInDays: null, taskType: 'Approval', notify: true },
      i18n: { ns: 'activity.demo', optionPrefix: 'OPTION.' },
    });
    expect(html).toMatch(/<label[^>]*for="x_dueInDays"[^>]*>Due in \(days\)/);
    expect(html).toMatch(/<label[^>]*for="x_taskType"[^>]*>Kind of task/);
    expect(html).toMatch(/<label[^>]*for="x_approvalMode"[^>]*>Approval mode/);
    expect(html).toMatch(/<option value="all"[^>]*selected=""[^>]*>Everyone approves<\/option>/);
    // A required choice offers no empty entry; the date is a date input; null shows as empty.
    const mode = html.slice(html.indexOf('<select id="x_approvalMode"'));
    expect(mode.slice(0, mode.indexOf('</select>'))).not.toContain('<option value=""');
    expect(html).toMatch(/<input[^>]*type="date"[^>]*id="x_starts"|<input[^>]*id="x_starts"[^>]*type="date"/);
    expect(html).toMatch(/<input[^>]*id="x_dueInDays"[^>]*value=""/);
    expect(html).toMatch(/<input[^>]*id="x_notify"[^>]*checked=""/);
  });

  it('offers an empty entry for an optional choice', () => {
    const html = draw({
      schema: { type: 'object', properties: { kind: { enum: ['a', 'b'] } } },
      value: {},
    });
    expect(html).toMatch(/id="x_kind"[^]*?<option value=""[^>]*selected=""[^>]*>—<\/option>/);
  });

  it('shows the first problem of each property under it, a missing required one included', () => {
    const html = draw({ schema, value: { approvalMode: 'any', dueInDays: -1 } });
    expect(html).toMatch(/x_dueInDays[^]*?must be &gt;= 0/);
    expect(html).toMatch(/x_taskType[^]*?must have required property &#x27;taskType&#x27;/);
    expect(html).not.toMatch(/x_approvalMode"[^]*?must[^]*?x_dueInDays/);
  });

  it('hands a property to a custom widget with everything it needs', () => {
    const seen: ConfigWidgetProps[] = [];
    function Picker(p: ConfigWidgetProps) {
      seen.push(p);
      return <span id={p.id}>picker of {String(p.value)}</span>;
    }
    const html = draw({ schema, value: { approvalMode: 'any', taskType: 'Review' }, widgets: { taskType: Picker } });
    expect(html).toContain('<span id="x_taskType">picker of <!-- -->Review</span>');
    expect(seen[0]).toMatchObject({ id: 'x_taskType', label: 'Kind of task', required: true, invalid: false });
    expect(seen[0]!.schema).toBe(schema.properties.taskType);
  });

  it('edits lists of objects: one row of inputs per item and an add button', () => {
    const html = draw({
      schema: {
        type: 'object',
        properties: {
          options: {
            type: 'array',
            items: { type: 'object', properties: { value: { type: 'string' }, label: { type: 'string' } } },
          },
        },
      },
      value: { options: [{ value: 'a', label: 'Alpha' }] },
      i18n: { keyPrefix: 'FIELD_CONFIG.' },
    });
    expect(html).toMatch(/<div id="x_options"[^>]*role="group"/);
    expect(html).toMatch(/aria-label="Value 1"[^>]*value="a"|value="a"[^>]*aria-label="Value 1"/);
    expect(html).toMatch(/aria-label="Label 1"[^>]*value="Alpha"|value="Alpha"[^>]*aria-label="Label 1"/);
    expect(html).toContain('Add');
  });
});
