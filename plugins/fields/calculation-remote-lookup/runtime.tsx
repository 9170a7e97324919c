import { useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { defineFieldRuntime, type DisplayProps, type WidgetProps } from '../../../runtime/react/contract';
import { useFieldData } from '../../../runtime/react/field-data';
import { FormRuntimeContext } from '../../../runtime/react/form-context';
import { asRef } from '../../../runtime/react/reference-picker';
import { manifest, type CalculationRemoteLookupConfig } from './manifest';

const ns = 'field.calculation-remote-lookup';
const noStore = () => () => undefined;

const termOf = (v: unknown): string =>
  v === null || v === undefined
    ? ''
    : typeof v === 'object'
      ? String((v as { id?: unknown }).id ?? '')
      : String(v).trim();

/**
 * Follows the value of `termField`: when it changes (not when the form opens), asks the other system through the
 * server after a pause, the earlier question cancelled, and keeps the first item answered (or nothing).
 */
function Widget({ id, name, value, config, onChange, disabled }: WidgetProps<CalculationRemoteLookupConfig>) {
  const { t } = useTranslation(ns);
  const data = useFieldData();
  const store = useContext(FormRuntimeContext);
  const field = config.termField;
  const read = () => (store && field ? store.snapshot(field).value : undefined);
  const term = termOf(useSyncExternalStore(store && field ? (cb) => store.subscribe(field, cb) : noStore, read, read));
  const asked = useRef(term);
  const [state, setState] = useState<'idle' | 'asking' | 'none' | 'failed'>('idle');
  useEffect(() => {
    if (term === asked.current || !data || !name || !store || disabled) return;
    asked.current = term;
    if (!term) {
      onChange(null);
      setState('idle');
      return;
    }
    setState('asking');
    const ctl = new AbortController();
    let done = false;
    const timer = setTimeout(() => {
      data.remote({ field: name, search: term, values: store.values }, ctl.signal).then(
        (page) => {
          done = true;
          const first = page.items[0];
          onChange(first ? { id: first.id, label: first.label, ...(first.token ? { token: first.token } : {}) } : null);
          setState(first ? 'idle' : 'none');
        },
        () => {
          done = true;
          if (!ctl.signal.aborted) setState('failed');
        },
      );
    }, 300);
    return () => {
      clearTimeout(timer);
      ctl.abort();
      // Cut short: the next run asks again.
      if (!done) asked.current = '\u0000';
    };
  }, [term, data, name, store, disabled, onChange]);
  const shown =
    state === 'asking'
      ? t('asking')
      : state === 'none'
        ? t('none', { term })
        : state === 'failed'
          ? t('failed')
          : (asRef(value)?.label ?? '');
  return <InputGroup id={id} value={shown} readOnly className="computed" leftIcon="globe-network" />;
}

function Display({ value }: DisplayProps<CalculationRemoteLookupConfig>) {
  return <span data-tenant-text>{asRef(value)?.label ?? ''}</span>;
}

export const runtime = defineFieldRuntime({ manifest, Widget, Display });
