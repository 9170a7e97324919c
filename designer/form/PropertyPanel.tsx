import { lazy, memo, Suspense, useMemo, useState } from 'react';
import { Button, Callout, FormGroup, H5, InputGroup, Intent, Spinner, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FieldDefinition, FieldGroup } from '../../schemas/module-definition';
import { DEFAULT_COLUMN_WIDTH } from '../../schemas/module-definition';
import type { CompileError } from '../../runtime/compile';
import type { FieldManifest, JsonSchema } from '../../runtime/plugin-contract';
import { useFieldDesigners } from '../../runtime/react/designer-registry';
import { SchemaConfigEditor } from '../../runtime/react/designer/SchemaConfigEditor';
import { useFieldRegistry } from '../../runtime/react/registries';
import { ColumnWidthInput, HelpTextInput } from './property-inputs';
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
/** Optional texts: an emptied one is removed from the definition rather than stored as ''. */
const OPTIONAL_TEXT: (keyof Common)[] = ['helpText', 'value', 'regex'];
const NAME_PATTERN = '^[A-Za-z_][A-Za-z0-9_]{0,63}$';
const SIMPLE = ['string', 'number', 'integer', 'boolean'];
const EMPTY_RULES: NonNullable<FieldDefinition['rules']> = [];
const COMMON_TEXTS = { keyPrefix: 'DESIGNER.PROP.' } as const;
const COMMON_WIDGETS = { helpText: HelpTextInput, columnWidth: ColumnWidthInput };

/** The default value takes the field's own value schema when that is a simple type. */
function valueSchema(m: FieldManifest<object> | undefined, field: FieldDefinition): JsonSchema | undefined {
  if (!m || m.uiHints?.computed || m.uiHints?.noValue || m.uiHints?.serverAssigned) return undefined;
  try {
    const s = m.valueSchema({ ...m.defaultConfig, ...(field.config ?? {}) });
    return SIMPLE.includes(s.type as string) && !s.format ? s : undefined;
  } catch {
    return undefined;
  }
}

/** The properties every field has, as one JSON Schema for the schema-driven editor. */
function commonSchema(vs: JsonSchema | undefined): JsonSchema {
  return {
    type: 'object',
    properties: {
      label: { type: 'string', maxLength: 200 },
      name: { type: 'string', pattern: NAME_PATTERN },
      required: { type: 'boolean' },
      helpText: { type: 'string', maxLength: 1000 },
      ...(vs ? { value: vs } : {}),
      regex: { type: 'string', maxLength: 500 },
      columnWidth: { type: 'integer', minimum: 1, maximum: 12 },
      editable: { type: 'boolean' },
    },
    required: ['label', 'name'],
  };
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

/**
 * Properties of one field: the common ones and the plugin's settings, both through the schema-driven editor (the
 * settings through the plugin's designer half, whose default is that editor over its configSchema).
 */
export const FieldProperties = memo(function FieldProperties({
  field,
  errors,
  takenNames,
  fieldNames,
  onPatch,
  onRemove,
}: FieldPropertiesProps) {
  const { t } = useTranslation();
  const m = useFieldRegistry()[field.fieldType];
  const designer = useFieldDesigners()[field.fieldType];
  const [nameDraft, setNameDraft] = useState<string>();
  const [nameProblem, setNameProblem] = useState<string>();
  const [showFormula, setShowFormula] = useState(false);
  const vs = valueSchema(m, field);
  // Keyed by the value schema's text: the plugin rebuilds it from the config on every call.
  const vsKey = vs ? JSON.stringify(vs) : '';
  const schema = useMemo(() => commonSchema(vsKey ? (JSON.parse(vsKey) as JsonSchema) : undefined), [vsKey]);
  const common: Common = {
    label: field.label,
    name: nameDraft ?? field.name,
    required: field.required ?? false,
    helpText: field.helpText,
    value: field.value,
    regex: field.regex,
    columnWidth: field.columnWidth ?? DEFAULT_COLUMN_WIDTH,
    editable: field.editable ?? true,
  };

  function onCommon(value: Record<string, unknown>) {
    const next = { ...value } as Common;
    for (const k of OPTIONAL_TEXT) if (next[k] === '') delete next[k];
    const changed = COMMON_KEYS.filter((k) => next[k] !== common[k]);
    if (!changed.length) return;
    const patch: Partial<FieldDefinition> = {};
    for (const k of changed) (patch as Record<string, unknown>)[k] = next[k];
    if (changed.includes('name')) {
      // The typed name stays on screen; the field is renamed only to a free, well-formed name.
      const n = String(next.name ?? '');
      setNameDraft(n);
      const problem = takenNames.has(n)
        ? t('DESIGNER.NAME_TAKEN', { name: n })
        : !new RegExp(NAME_PATTERN).test(n)
          ? t('DESIGNER.NAME_PATTERN')
          : undefined;
      setNameProblem(problem);
      if (problem) return;
    }
    onPatch(field.name, patch, `${field.name}:${changed.join(',')}`);
  }

  const config = { ...(m?.defaultConfig ?? {}), ...(field.config ?? {}) };
  const formula = field.formula !== undefined || showFormula || !!m?.uiHints?.computed;
  const Settings = designer?.ConfigEditor;

  return (
    <div className="fd-props" data-testid="field-properties">
      <div className="fd-props-title">
        <H5>
          {t(designer?.palette.title ?? 'title', { ns: `field.${field.fieldType}`, defaultValue: field.fieldType })}
        </H5>
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
      <SchemaConfigEditor
        schema={schema}
        value={common}
        onChange={onCommon}
        idPrefix="prop"
        i18n={COMMON_TEXTS}
        widgets={COMMON_WIDGETS}
      />
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
      {m && Settings && Object.keys((m.configSchema.properties as object | undefined) ?? {}).length > 0 && (
        <div className="fd-config" data-testid="plugin-settings">
          <H5>{t('DESIGNER.SETTINGS')}</H5>
          <Settings
            config={config}
            fieldNames={fieldNames}
            onChange={(c) => onPatch(field.name, { config: c as Record<string, unknown> }, `${field.name}:config`)}
          />
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
