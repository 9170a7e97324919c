import './record-form.css';
import { memo, startTransition, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { Card, H5, HTMLTable } from '@blueprintjs/core';
import Form from '@rjsf/core';
import type { FieldProps, RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import type { FieldGroup } from '../../schemas/module-definition';
import type { CompiledDefinition } from '../compile';
import type { Access } from '../permissions';
import { FormRuntimeContext } from './form-context';
import { FieldDataContext, type FieldDataSource } from './field-data';
import { PluginField } from './PluginField';
import { RecordStore } from './record-store';
import { useFieldRuntimes } from './registries';
import { loadFieldRuntimes, runtimesLoaded } from './runtime-loaders';
import { formNeedsEngines, loadValidationEngines, validationEnginesLoaded } from './validation-engines';

/** Fields rendered with the first paint (about two screens); the rest follow while the browser is idle. */
const FIRST_FIELDS = 60;
/** Fields added per idle turn: small enough that typing is never held up for long (a transition yields anyway). */
const MORE_FIELDS = 60;

const whenIdle = (run: () => void) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 200 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 16);
  return () => clearTimeout(id);
};

/**
 * How many fields to render: the first screens at once, then more whenever the browser is idle, until all are in.
 * A big form paints what can be seen first instead of building every field before anything shows.
 */
function useRevealedFields(total: number): number {
  const [shown, setShown] = useState(() => Math.min(total, FIRST_FIELDS));
  useEffect(() => {
    if (shown >= total) return;
    return whenIdle(() => startTransition(() => setShown((n) => Math.min(total, n + MORE_FIELDS))));
  }, [shown, total]);
  return Math.min(shown, total);
}

/**
 * The whole record is one rjsf field: rjsf hosts the form (registry, templates, context) and this field lays out
 * sections and rows on a 12-column grid from the definition. Per-property rjsf machinery (schema retrieval, ids,
 * templates for each of a thousand fields) is skipped; each field is a store-subscribed plugin field. Sections and
 * rows past the first screens come in while the browser is idle (useRevealedFields).
 */
function SectionsField(props: FieldProps) {
  const def = (props.registry.formContext as { compiled: CompiledDefinition }).compiled;
  const sizes = def.def.fieldGroups.map((g) => g.rows.reduce((n, r) => n + r.fields.length, 0));
  const total = sizes.reduce((a, b) => a + b, 0);
  const shown = useRevealedFields(total);
  let before = 0;
  return (
    <div className="ff-sections">
      {def.def.fieldGroups.map((g, i) => {
        const budget = shown - before;
        before += sizes[i]!;
        if (budget <= 0 && shown < total) return null;
        return (
          <Card key={g.id} className="ff-section" elevation={0} data-section={g.id}>
            <H5>{g.label}</H5>
            {g.isTable ? (
              <TableSection group={g} compiled={def} budget={budget} />
            ) : (
              <GridSection group={g} compiled={def} budget={budget} />
            )}
          </Card>
        );
      })}
    </div>
  );
}

interface SectionProps {
  group: FieldGroup;
  compiled: CompiledDefinition;
  /** Fields of this section to render now, in order (rows are never cut in half). */
  budget: number;
}

/** The rows that fit in the budget: each row whose first field is within it. */
function rowsWithin<R extends { fields: unknown[] }>(rows: R[], budget: number): R[] {
  let used = 0;
  return rows.filter((r) => {
    const fits = used < budget;
    used += r.fields.length;
    return fits;
  });
}

function GridSection({ group, compiled, budget }: SectionProps) {
  return rowsWithin(group.rows, budget).map((row, i) => (
    <div key={i} className="ff-row">
      {row.fields.map((f) =>
        compiled.fields[f.name] ? (
          <div key={f.name} className="ff-col" style={{ gridColumn: `span ${compiled.fields[f.name]!.columnWidth}` }}>
            <PluginField name={f.name} />
          </div>
        ) : null,
      )}
    </div>
  ));
}

/**
 * A table section: its headers head the columns and each row of fields is a table row. A column without a header
 * takes the label of the first field in it.
 */
function TableSection({ group, compiled, budget }: SectionProps) {
  const all = group.rows.map((r) => r.fields.filter((f) => compiled.fields[f.name]));
  const rows = rowsWithin(
    all.map((fields) => ({ fields })),
    budget,
  ).map((r) => r.fields);
  // Headers come from every row, so the head does not change as more rows come in.
  const width = Math.max(group.headers?.length ?? 0, ...all.map((r) => r.length));
  const heads = Array.from({ length: width }, (_, c) => {
    const header = group.headers?.[c];
    if (header) return header;
    const first = all.find((r) => r[c])?.[c];
    return first ? compiled.fields[first.name]!.label : '';
  });
  return (
    <HTMLTable compact bordered className="ff-table">
      <thead>
        <tr>
          {heads.map((h, c) => (
            <th key={c} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            {Array.from({ length: width }, (_, c) => (
              <td key={row[c]?.name ?? `empty-${c}`}>{row[c] && <PluginField name={row[c].name} inTable />}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

const fields = { sections: SectionsField };

/**
 * rjsf hosts the layout only: its schema is an object without properties and values never pass through it, so its
 * validator has nothing to check. The record store checks every field with the compiled definition (the same checks
 * the server runs), and the form never loads a second JSON Schema validator for rjsf.
 */
const hostValidator: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: () => true,
  rawValidation: () => ({}),
};
const uiSchema: UiSchema = { 'ui:field': 'sections' };

/**
 * rjsf lays the form out once per definition. It never sees the values (fields read them from the store), so its
 * props never change while typing and it never re-renders the whole form.
 */
const Layout = memo(function Layout({ compiled }: { compiled: CompiledDefinition }) {
  const schema = useMemo<RJSFSchema>(() => ({ type: 'object', title: compiled.def.display_name }), [compiled]);
  const formContext = useMemo(() => ({ compiled }), [compiled]);
  return (
    <Form
      schema={schema}
      uiSchema={uiSchema}
      validator={hostValidator}
      fields={fields}
      formContext={formContext}
      noHtml5Validate
      showErrorList={false}
      tagName="div"
    >
      <></>
    </Form>
  );
});

/**
 * Loads what this definition needs before its store and fields exist: the runtimes of the field types it uses (each
 * plugin's web part is its own chunk) and, for a form with patterns or uncommon schema keywords, the validation
 * engines (validation-engines.ts). True once they are in, or once loading failed (fields without a runtime are then
 * left out, as unknown types are).
 */
function useFormReady(compiled: CompiledDefinition): boolean {
  const runtimes = useFieldRuntimes();
  const missing = useMemo(() => {
    const types = new Set(Object.values(compiled.fields).map((f) => f.def.fieldType));
    return [...types].filter((t) => !runtimes[t]);
  }, [compiled, runtimes]);
  const engines = useMemo(() => formNeedsEngines(compiled), [compiled]);
  const ready = runtimesLoaded(missing) && (!engines || validationEnginesLoaded());
  const [settled, setSettled] = useState<string[] | null>(null);
  useEffect(() => {
    if (ready) return;
    let live = true;
    const done = () => live && setSettled(missing);
    Promise.all([loadFieldRuntimes(missing), engines && loadValidationEngines()]).then(done, done);
    return () => {
      live = false;
    };
  }, [ready, missing, engines]);
  // Without the engines the store could not check a value: a failed engine load keeps the form out.
  return ready || (settled === missing && (!engines || validationEnginesLoaded()));
}

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
  /** Show every problem from the start (e.g. a reopened draft that was saved incomplete). */
  showErrors?: boolean;
  /** Server data for widgets that search or list it (lookups, list-fed dropdowns), from the hosting page. */
  data?: FieldDataSource | null;
}

const NO_ACCESS: Record<string, Access> = {};

/**
 * Renders a record from a compiled definition with @rjsf/core as the host and the plugins' widgets as fields.
 * Schema and UI schema are built once per definition; a change recomputes only the formulas and rule checks that
 * depend on it, and only the fields whose value, visibility or error changed re-render.
 */
export function RecordForm(props: RecordFormProps) {
  return useFormReady(props.compiled) ? <LoadedRecordForm {...props} /> : null;
}

function LoadedRecordForm({
  compiled,
  values,
  access = NO_ACCESS,
  readOnly = false,
  onChange,
  formRef,
  showErrors = false,
  data = null,
}: RecordFormProps) {
  const [store, setStore] = useState(() => new RecordStore(compiled, values, access, readOnly, showErrors, onChange));
  // A new definition is a new form.
  if (store.compiled !== compiled)
    setStore(new RecordStore(compiled, values, access, readOnly, showErrors || store.showingAll, onChange));
  useLayoutEffect(() => {
    store.setEmit(onChange);
    // Values the store did not produce (a reload after save) or new access replace what is being edited.
    if (!store.holds(values, access, readOnly)) store.replace(values, access, readOnly);
  }, [store, values, access, readOnly, onChange]);
  useLayoutEffect(() => {
    if (formRef) formRef.current = { check: () => store.checkAll() };
  }, [store, formRef]);

  return (
    <FieldDataContext.Provider value={data}>
      <FormRuntimeContext.Provider value={store}>
        <Layout compiled={compiled} />
      </FormRuntimeContext.Provider>
    </FieldDataContext.Provider>
  );
}
