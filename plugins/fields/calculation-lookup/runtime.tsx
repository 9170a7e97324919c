import { useContext, useEffect, useState } from 'react';
import { InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { defineFieldRuntime, type DisplayProps, type WidgetProps } from '../../../runtime/react/contract';
import { useFieldData } from '../../../runtime/react/field-data';
import { FormRuntimeContext } from '../../../runtime/react/form-context';
import { asRef } from '../../../runtime/react/reference-picker';
import { manifest, type CalculationLookupConfig } from './manifest';

const ns = 'field.calculation-lookup';
type Found = { label: string } | 'none' | 'looking';

/**
 * Shows the record the formula names. A reference shows its label; text is looked up (after a pause, the earlier
 * question cancelled) among the records the field offers, matched exactly as the server will match it on save.
 */
function Widget({ id, name, value }: WidgetProps<CalculationLookupConfig>) {
  const { t } = useTranslation(ns);
  const data = useFieldData();
  const store = useContext(FormRuntimeContext);
  const ref = asRef(value);
  const term = !ref && (typeof value === 'string' || typeof value === 'number') ? String(value).trim() : '';
  const [found, setFound] = useState<Found>('none');
  useEffect(() => {
    if (!term || !data || !name || !store) return;
    setFound('looking');
    const ctl = new AbortController();
    const timer = setTimeout(() => {
      data
        .lookup({ field: name, search: term, cursor: null, values: store.values }, ctl.signal)
        .then((page) => {
          const hit = page.items.find((i) => i.label.trim().toLowerCase() === term.toLowerCase());
          setFound(hit ? { label: hit.label } : 'none');
        })
        .catch(() => !ctl.signal.aborted && setFound('none'));
    }, 250);
    return () => (clearTimeout(timer), ctl.abort());
  }, [term, data, name, store]);
  const shown =
    ref?.label ??
    (!term ? '' : found === 'looking' ? t('looking') : found === 'none' ? t('none', { term }) : found.label);
  return <InputGroup id={id} value={shown} readOnly className="computed" leftIcon="search-template" />;
}

function Display({ value }: DisplayProps<CalculationLookupConfig>) {
  return <span data-tenant-text>{asRef(value)?.label ?? ''}</span>;
}

export const runtime = defineFieldRuntime({ manifest, Widget, Display });
