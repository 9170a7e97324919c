import { useCallback, useMemo, useRef, useState } from 'react';
import { Card, H5 } from '@blueprintjs/core';
import Form from '@rjsf/core';
import type { FieldTemplateProps, ObjectFieldTemplateProps, RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import type { CompiledDefinition } from '../compile';
import type { Access } from '../permissions';
import { applyChange } from '../record-engine';
import { validateField, validateRecord } from '../validation';
import { FormRuntimeContext, type FormRuntimeState } from './form-context';
import { PluginField } from './PluginField';

/** Sections and rows on a 12-column grid, from the definition rather than from rjsf's flat property list. */
function SectionsTemplate(props: ObjectFieldTemplateProps) {
  const def = (props.registry.formContext as { compiled: CompiledDefinition }).compiled;
  const byName = new Map(props.properties.map((p) => [p.name, p.content]));
  return (
    <div className="ff-sections">
      {def.def.fieldGroups.map((g) => (
        <Card key={g.id} className="ff-section" elevation={0}>
          <H5>{g.label}</H5>
          {g.rows.map((row, i) => (
            <div key={i} className="ff-row">
              {row.fields.map((f) => (
                <div key={f.name} className="ff-col" style={{ gridColumn: `span ${def.fields[f.name]?.columnWidth ?? 4}` }}>
                  {byName.get(f.name)}
                </div>
              ))}
            </div>
          ))}
        </Card>
      ))}
    </div>
  );
}

/** Our fields draw their own labels and errors. */
function BareFieldTemplate({ children }: FieldTemplateProps) {
  return children;
}

const templates = { ObjectFieldTemplate: SectionsTemplate, FieldTemplate: BareFieldTemplate };
const fields = { plugin: PluginField };

export interface RecordFormHandle {
  /** Shows every error; true when the record is valid. */
  check(): boolean;
}

export interface RecordFormProps {
  compiled: CompiledDefinition;
  values: Record<string, unknown>;
  access?: Record<string, Access>;
  readOnly?: boolean;
  onChange(values: Record<string, unknown>): void;
  formRef?: { current: RecordFormHandle | null };
}

/**
 * Renders a record from a compiled definition with @rjsf/core as the host and the plugins' widgets as fields.
 * Schema and UI schema are built once per definition; a change recomputes only the formulas and rule checks that
 * depend on it, and only fields whose inputs changed re-render.
 */
export function RecordForm({ compiled, values, access = {}, readOnly = false, onChange, formRef }: RecordFormProps) {
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [showAll, setShowAll] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>(() => toMap(validateRecord(compiled, values, access)));
  const latest = useRef(values);
  latest.current = values;

  const schema = useMemo<RJSFSchema>(() => ({ type: 'object', properties: Object.fromEntries(compiled.order.map((n) => [n, {}])) }), [compiled]);
  const uiSchema = useMemo<UiSchema>(() => Object.fromEntries(compiled.order.map((n) => [n, { 'ui:field': 'plugin' }])), [compiled]);

  const onFieldChange = useCallback(
    (name: string, value: unknown) => {
      const r = applyChange(compiled, latest.current, name, value);
      const next = r.values;
      setErrors((prev) => {
        const out = { ...prev };
        for (const f of new Set([name, ...r.recomputed, ...r.rulesAffected])) {
          const field = compiled.fields[f];
          if (field) out[f] = validateField(field, next, access[f]);
        }
        return out;
      });
      latest.current = next;
      onChange(next);
    },
    [compiled, access, onChange],
  );
  const onFieldBlur = useCallback((name: string) => setTouched((t) => (t[name] ? t : { ...t, [name]: true })), []);

  if (formRef) {
    formRef.current = {
      check() {
        const all = toMap(validateRecord(compiled, latest.current, access));
        setErrors(all);
        setShowAll(true);
        return Object.values(all).every((e) => !e.length);
      },
    };
  }

  const state: FormRuntimeState = { compiled, values, access, errors, touched, showAll, readOnly, onFieldChange, onFieldBlur };
  return (
    <FormRuntimeContext.Provider value={state}>
      <Form
        schema={schema}
        uiSchema={uiSchema}
        formData={values}
        validator={validator}
        fields={fields}
        templates={templates}
        formContext={{ compiled }}
        noHtml5Validate
        showErrorList={false}
        tagName="div"
      >
        <></>
      </Form>
    </FormRuntimeContext.Provider>
  );
}

function toMap(issues: { field?: string; message: string }[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const i of issues) if (i.field) (out[i.field] ??= []).push(i.message);
  return out;
}
