import { useEffect, useState } from 'react';
import { InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { idsOf } from '../../../runtime/aggregate';
import { defineFieldRuntime, type DisplayProps, type WidgetProps } from '../../../runtime/react/contract';
import { useFieldData } from '../../../runtime/react/field-data';
import { manifest, type CalculationMultipleLookupConfig } from './manifest';

const ns = 'field.calculation-multiple-lookup';
const format = (n: unknown, places: number) => (typeof n === 'number' ? n.toFixed(places) : '');

/**
 * A stored number shows as it is; while the form is filled the formula names records, and the server sums them up
 * (AggregateLookup) after a pause, the earlier question cancelled: the same sum it will store on save.
 */
function Widget({ id, name, value, config }: WidgetProps<CalculationMultipleLookupConfig>) {
  const { t } = useTranslation(ns);
  const data = useFieldData();
  const ids = typeof value === 'number' ? undefined : idsOf(value);
  const key = ids?.join(',') ?? '';
  const [sum, setSum] = useState<{ key: string; value: number | null } | 'failed'>();
  useEffect(() => {
    if (!ids || !data || !name) return;
    const ctl = new AbortController();
    const timer = setTimeout(() => {
      data.aggregate({ field: name, ids }, ctl.signal).then(
        (r) => setSum({ key, value: r.value }),
        () => !ctl.signal.aborted && setSum('failed'),
      );
    }, 250);
    return () => (clearTimeout(timer), ctl.abort());
    // `key` stands for `ids`.
  }, [key, data, name]);
  const shown =
    typeof value === 'number'
      ? format(value, config.decimalPlaces)
      : sum === 'failed'
        ? t('failed')
        : sum?.key === key
          ? format(sum.value, config.decimalPlaces)
          : '';
  return <InputGroup id={id} value={shown} readOnly className="computed" leftIcon="th-list" />;
}

function Display({ value, config }: DisplayProps<CalculationMultipleLookupConfig>) {
  return <span>{format(value, config.decimalPlaces)}</span>;
}

export const runtime = defineFieldRuntime({ manifest, Widget, Display });
