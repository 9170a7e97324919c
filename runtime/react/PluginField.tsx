import { memo, useCallback, useContext, useSyncExternalStore } from 'react';
import { FormGroup, Intent } from '@blueprintjs/core';
import type { CompiledField } from '../compile';
import { FormRuntimeContext } from './form-context';
import type { FieldSnapshot, RecordStore } from './record-store';
import { useFieldRuntimes } from './registries';
import { loadedRuntimes } from './runtime-loaders';

interface Props {
  field: CompiledField;
  snap: FieldSnapshot;
  store: RecordStore;
  /** In a table section the column header names the field; the label stays for screen readers only. */
  inTable?: boolean;
}

/** One field: label with the red asterisk, the plugin's widget, help text and the first error once touched. */
const FieldView = memo(function FieldView({ field, snap, store, inTable }: Props) {
  const name = field.def.name;
  const onChange = useCallback((v: unknown) => store.change(name, v), [store, name]);
  const onBlur = useCallback(() => store.blur(name), [store, name]);
  // A host's registries may leave a type out (or copy the defaults before it loaded): the loaded one serves then.
  const rt = useFieldRuntimes()[field.def.fieldType] ?? loadedRuntimes[field.def.fieldType];
  if (!rt) return null;
  const id = `field-${name}`;
  const Widget = rt.Widget;
  return (
    <FormGroup
      label={inTable ? <span className="ff-sr-only">{field.label}</span> : field.label}
      labelFor={id}
      labelInfo={field.def.required && snap.access === 'editable' ? <span className="required">*</span> : undefined}
      helperText={snap.error ?? field.def.helpText}
      intent={snap.error ? Intent.DANGER : Intent.NONE}
      className={`ff-field ff-type-${field.def.fieldType}`}
    >
      <Widget
        id={id}
        name={name}
        value={snap.value}
        config={field.config}
        disabled={snap.disabled}
        readOnly={snap.readOnly}
        invalid={!!snap.error}
        onChange={onChange}
        onBlur={onBlur}
      />
    </FormGroup>
  );
});

/**
 * One field of the record, named by the definition: it defers to the plugin and subscribes to its own entry in the
 * record store, so it re-renders when its value, visibility, error or access changes and not otherwise.
 */
export function PluginField({ name, inTable }: { name: string; inTable?: boolean }) {
  const store = useContext(FormRuntimeContext);
  if (!store) return null;
  return <StoreField store={store} name={name} inTable={inTable} />;
}

const StoreField = memo(function StoreField({
  store,
  name,
  inTable,
}: {
  store: RecordStore;
  name: string;
  inTable?: boolean;
}) {
  const subscribe = useCallback((cb: () => void) => store.subscribe(name, cb), [store, name]);
  const snap = useSyncExternalStore(
    subscribe,
    () => store.snapshot(name),
    () => store.snapshot(name),
  );
  const field = store.compiled.fields[name];
  if (!field || !snap.visible) return null;
  return <FieldView field={field} snap={snap} store={store} inTable={inTable} />;
});
