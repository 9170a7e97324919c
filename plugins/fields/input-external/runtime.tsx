import { memo, useContext, useEffect, useRef, useState } from 'react';
import { InputGroup } from '@blueprintjs/core';
import { defineFieldRuntime, type WidgetProps } from '../../../runtime/react/contract';
import { useFieldData, type LookupItem } from '../../../runtime/react/field-data';
import { FormRuntimeContext } from '../../../runtime/react/form-context';
import { TextDisplay, text } from '../../../runtime/react/widgets';
import { manifest, type InputExternalConfig } from './manifest';

const DEBOUNCE_MS = 250;

/**
 * Free typing with suggestions: the other system is asked (through the server) only once the user types or
 * focuses the input, one request per pause, each cancelling the one before.
 */
const InputExternalWidget = memo(function InputExternalWidget(p: WidgetProps<InputExternalConfig>) {
  const data = useFieldData();
  const store = useContext(FormRuntimeContext);
  const [typed, setTyped] = useState<string | null>(null);
  const [items, setItems] = useState<LookupItem[]>([]);
  const running = useRef<AbortController | null>(null);
  const name = p.name;
  useEffect(() => {
    if (typed === null || !data || !name || !store) return;
    const id = setTimeout(() => {
      running.current?.abort();
      const ctl = new AbortController();
      running.current = ctl;
      data.remote({ field: name, search: typed.trim(), values: store.values }, ctl.signal).then(
        (page) => !ctl.signal.aborted && setItems(page.items),
        () => !ctl.signal.aborted && setItems([]),
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [typed, data, name, store]);
  useEffect(() => () => running.current?.abort(), []);
  const listId = `${p.id}-suggestions`;
  const pick = (i: LookupItem) => (p.config.resultType === 'value' ? i.id : i.label);
  const change = (v: string) => {
    setTyped(v);
    if (v === '') return p.onChange(null);
    const n = Number(v);
    p.onChange(p.config.dataType === 'number' && v.trim() !== '' && Number.isFinite(n) ? n : v);
  };
  return (
    <>
      <InputGroup
        id={p.id}
        value={text(p.value)}
        disabled={p.disabled}
        intent={p.invalid ? 'danger' : 'none'}
        inputMode={p.config.dataType === 'number' ? 'decimal' : undefined}
        list={listId}
        autoComplete="off"
        onFocus={() => setTyped((t) => t ?? text(p.value))}
        onChange={(e) => change(e.target.value)}
        onBlur={p.onBlur}
      />
      <datalist id={listId} data-testid="external-suggestions">
        {items.map((i) => (
          <option key={i.id} value={pick(i)}>
            {p.config.resultType === 'value' && i.label !== i.id ? i.label : undefined}
          </option>
        ))}
      </datalist>
    </>
  );
});

export const runtime = defineFieldRuntime({ manifest, Widget: InputExternalWidget, Display: TextDisplay });
