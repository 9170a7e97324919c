import { lazy, memo, Suspense, useMemo, useState } from 'react';
import { Button, Callout, FormGroup, H5, InputGroup, Intent, Spinner, Switch } from '@blueprintjs/core';
import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { useTranslation } from 'react-i18next';
import type { FieldDefinition, FieldGroup } from '../../schemas/module-definition';
import { DEFAULT_COLUMN_WIDTH } from '../../schemas/module-definition';
import type { CompileError } from '../../runtime/compile';
import type { JsonSchema } from '../../runtime/plugin-contract';
import { fieldRegistry } from '../../runtime/registry';
import { customFieldDesigners } from '../../runtime/react/designer-registry';
import { RuleEditor } from './RuleEditor';

const CodeEditor = lazy(() => import('./CodeEditor'));

type Common = Pick<
  FieldDefinition,
  'label' | 'name' | 'required' | 'helpText' | 'value' | 'regex' | 'columnWidth' | 'editable'
>;
const COMMON_KEYS: (keyof Common)[] = [
  'label',
  'name',
  'required',
  'helpText',
  'value',
  'regex',
  'columnWidth',
  'editable',
];
const SIMPLE = ['string', 'number', 'integer', 'boolean'];
const EMPTY_RULES: NonNullable<FieldDefinition['rules']> = [];

const humanize = (key: string) =>
  key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase())
    .replace(/ ([A-Z])(?=[a-z])/g, (_, c: string) => ` ${c.toLowerCase()}`);

/** The default value takes the field's own value schema when that is a simple type. */
function valueSchema(field: FieldDefinition): JsonSchema | undefined {
  const m = fieldRegistry[field.fieldType];
  if (!m || m.uiHints?.computed || m.uiHints?.noValue || m.uiHints?.serverAssigned) return undefined;
  try {
    const s = m.valueSchema({ ...(m.defaultConfig as object), ...(field.config ?? {}) } as never);
    return SIMPLE.includes(s.type as string) && !s.format ? s : undefined;
  } catch {
    return undefined;
  }
}

export interface FieldPropertiesProps {
  field: FieldDefinition;
  errors: CompileError[];
  takenNames: ReadonlySet<string>;
  /** All field names of the form, for rules that compare with another field. */
  fieldNames: readonly string[];
  onPatch(name: string, patch: Partial<FieldDefinition>, key: string): void;
  onRemove(name: string): void;
}

/** Properties of one field: the common ones and the plugin's config, both generated from JSON Schema with rjsf. */
export const FieldProperties = memo(function FieldProperties({
  field,
  errors,
  takenNames,
  fieldNames,
  onPatch,
  onRemove,
}: FieldPropertiesProps) {
  const { t } = useTranslation();
  const m = fieldRegistry[field.fieldType];
  const [nameProblem, setNameProblem] = useState<string>();
  const [showFormula, setShowFormula] = useState(false);
  const vs = valueSchema(field);
  const schema = useMemo<RJSFSchema>(
    () => ({
      type: 'object',
      properties: {
        label: { type: 'string', title: t('DESIGNER.PROP.label'), maxLength: 200 },
        name: { type: 'string', title: t('DESIGNER.PROP.name'), pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$' },
        required: { type: 'boolean', title: t('DESIGNER.PROP.required') },
        helpText: { type: 'string', title: t('DESIGNER.PROP.helpText'), maxLength: 1000 },
        ...(vs ? { value: { ...(vs as object), title: t('DESIGNER.PROP.value') } } : {}),
        regex: { type: 'string', title: t('DESIGNER.PROP.regex'), maxLength: 500 },
        columnWidth: {
          type: 'integer',
          title: t('DESIGNER.PROP.columnWidth'),
          minimum: 1,
          maximum: 12,
          default: DEFAULT_COLUMN_WIDTH,
        },
        editable: { type: 'boolean', title: t('DESIGNER.PROP.editable') },
      },
      required: ['label', 'name'],
    }),
    [t, vs],
  );
  const uiSchema = useMemo<UiSchema>(
    () => ({
      'ui:submitButtonOptions': { norender: true },
      helpText: { 'ui:widget': 'textarea' },
      columnWidth: { 'ui:widget': 'range' },
    }),
    [],
  );
  const common: Common = {
    label: field.label,
    name: field.name,
    required: field.required ?? false,
    helpText: field.helpText,
    value: field.value,
    regex: field.regex,
    columnWidth: field.columnWidth ?? DEFAULT_COLUMN_WIDTH,
    editable: field.editable ?? true,
  };

  function onCommon(e: IChangeEvent) {
    const next = (e.formData ?? common) as Common;
    const changed = COMMON_KEYS.filter((k) => next[k] !== common[k]);
    if (!changed.length) return;
    const patch: Partial<FieldDefinition> = {};
    for (const k of changed) (patch as Record<string, unknown>)[k] = next[k];
    if (patch.name !== undefined) {
      const n = String(patch.name ?? '');
      if (takenNames.has(n)) return setNameProblem(t('DESIGNER.NAME_TAKEN', { name: n }));
      if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(n)) return setNameProblem(t('DESIGNER.NAME_PATTERN'));
      setNameProblem(undefined);
    }
    onPatch(field.name, patch, `${field.name}:${changed.join(',')}`);
  }

  const Custom = customFieldDesigners[field.fieldType]?.ConfigEditor;
  // Config titles from the shared FIELD_CONFIG texts, else the key in words (decimalPlaces -> Decimal places).
  const configUi = useMemo<UiSchema>(() => {
    const ui: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
    for (const key of Object.keys((m?.configSchema.properties as object | undefined) ?? {}))
      ui[key] = { 'ui:title': t(`FIELD_CONFIG.${key}`, { defaultValue: humanize(key) }) };
    return ui;
  }, [m, t]);
  const config = { ...((m?.defaultConfig ?? {}) as object), ...(field.config ?? {}) };
  const formula = field.formula !== undefined || showFormula || !!m?.uiHints?.computed;

  return (
    <div className="fd-props" data-testid="field-properties">
      <div className="fd-props-title">
        <H5>{t(m?.title ?? 'title', { ns: `field.${field.fieldType}`, defaultValue: field.fieldType })}</H5>
        <Button
          icon="trash"
          intent={Intent.DANGER}
          variant="minimal"
          text={t('DESIGNER.REMOVE_FIELD')}
          onClick={() => onRemove(field.name)}
        />
      </div>
      {errors.map((e, i) => (
        <Callout key={i} intent={Intent.DANGER} className="fd-prop-error">
          {e.message}
        </Callout>
      ))}
      {nameProblem && <Callout intent={Intent.WARNING}>{nameProblem}</Callout>}
      <Form
        idPrefix="prop"
        schema={schema}
        uiSchema={uiSchema}
        formData={common}
        validator={validator}
        onChange={onCommon}
        liveValidate="onChange"
        showErrorList={false}
        noHtml5Validate
        tagName="div"
      >
        <></>
      </Form>
      {formula ? (
        <FormGroup label={t('DESIGNER.PROP.formula')}>
          <Suspense fallback={<Spinner size={20} />}>
            <CodeEditor
              ariaLabel="formula"
              language="formula"
              value={field.formula ?? ''}
              height={80}
              onChange={(v) => onPatch(field.name, { formula: v }, `${field.name}:formula`)}
            />
          </Suspense>
        </FormGroup>
      ) : (
        <Button
          icon="function"
          variant="minimal"
          text={t('DESIGNER.ADD_FORMULA')}
          onClick={() => setShowFormula(true)}
        />
      )}
      <div className="fd-config">
        <H5>{t('DESIGNER.RULE.TITLE')}</H5>
        <RuleEditor
          fieldName={field.name}
          rules={field.rules ?? EMPTY_RULES}
          fieldNames={fieldNames}
          onChange={(rules) => onPatch(field.name, { rules }, `${field.name}:rules`)}
        />
      </div>
      {m && Object.keys((m.configSchema.properties as object | undefined) ?? {}).length > 0 && (
        <div className="fd-config">
          <H5>{t('DESIGNER.SETTINGS')}</H5>
          {Custom ? (
            <Custom
              config={config}
              onChange={(c) => onPatch(field.name, { config: c as Record<string, unknown> }, `${field.name}:config`)}
            />
          ) : (
            <Form
              idPrefix="config"
              schema={m.configSchema as RJSFSchema}
              uiSchema={configUi}
              formData={config}
              validator={validator}
              liveValidate="onChange"
              showErrorList={false}
              noHtml5Validate
              tagName="div"
              onChange={(e) =>
                onPatch(field.name, { config: e.formData as Record<string, unknown> }, `${field.name}:config`)
              }
            >
              <></>
            </Form>
          )}
        </div>
      )}
    </div>
  );
});

export const SectionProperties = memo(function SectionProperties({
  section,
  canRemove,
  onPatch,
  onRemove,
  onAddRow,
}: {
  section: FieldGroup;
  canRemove: boolean;
  onPatch(id: string, p: Partial<FieldGroup>): void;
  onRemove(id: string): void;
  onAddRow(id: string): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="fd-props" data-testid="section-properties">
      <H5>{t('DESIGNER.SECTION')}</H5>
      <FormGroup label={t('DESIGNER.PROP.label')} labelFor="section-label">
        <InputGroup id="section-label" value={section.label} onValueChange={(v) => onPatch(section.id, { label: v })} />
      </FormGroup>
      <Switch
        label={t('DESIGNER.TABLE_TOGGLE')}
        checked={!!section.isTable}
        onChange={(e) =>
          onPatch(
            section.id,
            e.currentTarget.checked
              ? { isTable: true, headers: section.headers ?? [] }
              : { isTable: undefined, headers: undefined },
          )
        }
      />
      {section.isTable && (
        <FormGroup label={t('DESIGNER.TABLE_HEADERS')} helperText={t('DESIGNER.TABLE_HEADERS_HINT')}>
          {(section.headers ?? []).map((h, i) => (
            <div key={i} className="fd-header-line">
              <InputGroup
                aria-label={t('DESIGNER.TABLE_HEADER', { n: i + 1 })}
                value={h}
                onValueChange={(v) =>
                  onPatch(section.id, { headers: (section.headers ?? []).map((x, j) => (j === i ? v : x)) })
                }
              />
              <Button
                icon="cross"
                variant="minimal"
                aria-label={t('DESIGNER.TABLE_HEADER_REMOVE', { n: i + 1 })}
                onClick={() => onPatch(section.id, { headers: (section.headers ?? []).filter((_, j) => j !== i) })}
              />
            </div>
          ))}
          <Button
            icon="plus"
            variant="minimal"
            text={t('DESIGNER.TABLE_HEADER_ADD')}
            onClick={() => onPatch(section.id, { headers: [...(section.headers ?? []), ''] })}
          />
        </FormGroup>
      )}
      <Button icon="add-row-bottom" text={t('DESIGNER.ADD_ROW')} onClick={() => onAddRow(section.id)} />
      <Button
        icon="trash"
        intent={Intent.DANGER}
        variant="minimal"
        disabled={!canRemove}
        text={t('DESIGNER.REMOVE_SECTION')}
        onClick={() => onRemove(section.id)}
      />
    </div>
  );
});
