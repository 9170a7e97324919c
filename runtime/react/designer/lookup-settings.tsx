import { useContext } from 'react';
import { Button, Checkbox, ControlGroup, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { FILTER_OPERATORS, UNARY_OPERATORS } from '../../expressions/operators';
import { USER_FILTER_VALUES, type LookupFilter, type LookupSettings } from '../../lookup-source';
import './lookup-settings.css';
import type { ConfigEditorProps } from '../designer-contract';
import { DesignerDataContext, useDesignerData } from './designer-data';
import { LookupTester } from './LookupTester';

/**
 * The settings of a record-picking field: which app, which field labels its records, what else shows, how they are
 * filtered, ordered and copied into this form. Texts are FIELD_CONFIG.LOOKUP.*.
 */
export function LookupSettingsEditor<C extends LookupSettings>({
  config,
  onChange,
  disabled,
  fieldNames = [],
  withFlow = true,
}: ConfigEditorProps<C> & { withFlow?: boolean }) {
  const { t } = useTranslation('translation', { keyPrefix: 'FIELD_CONFIG.LOOKUP' });
  const data = useContext(DesignerDataContext);
  const apps = useDesignerData((d) => d.apps(), 'apps');
  const cols = useDesignerData((d) => d.columns(config.moduleId), config.moduleId, !config.moduleId) ?? [];
  const choose = { value: '', label: t('choose') };
  const colOptions = [choose, ...cols.map((c) => ({ value: c.name, label: c.label }))];
  const set = (patch: Partial<LookupSettings>) => onChange({ ...config, ...patch });
  const filters = config.filters ?? [];
  const flow = config.flowToLookUp ?? [];
  const setFilter = (i: number, patch: Partial<LookupFilter>) =>
    set({ filters: filters.map((f, j) => (j === i ? { ...f, ...patch } : f)) });

  return (
    <div className="ff-config-editor ff-lookup-config">
      <FormGroup label={t('app')} labelFor="lookup-app">
        <HTMLSelect
          id="lookup-app"
          fill
          disabled={disabled}
          value={config.moduleId}
          options={[choose, ...(apps ?? []).map((a) => ({ value: a.id, label: a.name }))]}
          onChange={(e) =>
            set({ moduleId: e.target.value, displayField: '', displayColumns: [], filters: [], flowToLookUp: [] })
          }
        />
      </FormGroup>
      <FormGroup label={t('displayField')} labelFor="lookup-display">
        <HTMLSelect
          id="lookup-display"
          fill
          disabled={disabled || !config.moduleId}
          value={config.displayField}
          options={colOptions}
          onChange={(e) => set({ displayField: e.target.value })}
        />
      </FormGroup>
      <FormGroup label={t('displayColumns')}>
        {cols
          .filter((c) => c.name !== config.displayField)
          .map((c) => (
            <Checkbox
              key={c.name}
              label={c.label}
              disabled={disabled}
              checked={(config.displayColumns ?? []).includes(c.name)}
              onChange={(e) =>
                set({
                  displayColumns: e.currentTarget.checked
                    ? [...(config.displayColumns ?? []), c.name].slice(0, 5)
                    : (config.displayColumns ?? []).filter((x) => x !== c.name),
                })
              }
            />
          ))}
      </FormGroup>
      <FormGroup label={t('sortType')} labelFor="lookup-sort">
        <HTMLSelect
          id="lookup-sort"
          fill
          disabled={disabled}
          value={config.sortType}
          options={['Ascending', 'Descending'].map((v) => ({ value: v, label: t(v) }))}
          onChange={(e) => set({ sortType: e.target.value as LookupSettings['sortType'] })}
        />
      </FormGroup>
      <FormGroup label={t('filters')}>
        {filters.map((f, i) => (
          <div key={i} className="ff-lookup-filter" data-testid="lookup-filter">
            <HTMLSelect
              aria-label={t('filterField')}
              disabled={disabled}
              value={f.field}
              options={colOptions}
              onChange={(e) => setFilter(i, { field: e.target.value })}
            />
            <HTMLSelect
              aria-label={t('operator')}
              disabled={disabled}
              value={f.operator}
              options={FILTER_OPERATORS.map((o) => ({ value: o, label: o }))}
              onChange={(e) => setFilter(i, { operator: e.target.value as LookupFilter['operator'] })}
            />
            {!UNARY_OPERATORS.includes(f.operator) && (
              <>
                <HTMLSelect
                  aria-label={t('filterType')}
                  disabled={disabled}
                  value={f.type}
                  options={['literal', 'Field', 'User'].map((v) => ({ value: v, label: t(v) }))}
                  onChange={(e) => setFilter(i, { type: e.target.value as LookupFilter['type'], value: '' })}
                />
                {f.type === 'User' ? (
                  <HTMLSelect
                    aria-label={t('filterValue')}
                    disabled={disabled}
                    value={String(f.value ?? '')}
                    options={[choose, ...USER_FILTER_VALUES.map((v) => ({ value: v, label: t(`user_${v}`) }))]}
                    onChange={(e) => setFilter(i, { value: e.target.value })}
                  />
                ) : f.type === 'Field' ? (
                  <HTMLSelect
                    aria-label={t('filterValue')}
                    disabled={disabled}
                    value={String(f.value ?? '')}
                    options={[choose, ...fieldNames.map((n) => ({ value: n, label: n }))]}
                    onChange={(e) => setFilter(i, { value: e.target.value })}
                  />
                ) : (
                  <InputGroup
                    aria-label={t('filterValue')}
                    disabled={disabled}
                    value={String(f.value ?? '')}
                    onValueChange={(v) => setFilter(i, { value: v })}
                  />
                )}
              </>
            )}
            <Button
              icon="trash"
              variant="minimal"
              intent={Intent.DANGER}
              aria-label={t('removeFilter', { n: i + 1 })}
              disabled={disabled}
              onClick={() => set({ filters: filters.filter((_, j) => j !== i) })}
            />
          </div>
        ))}
        <Button
          icon="add"
          variant="minimal"
          text={t('addFilter')}
          disabled={disabled || !cols.length || filters.length >= 10}
          onClick={() =>
            set({ filters: [...filters, { field: cols[0]!.name, operator: 'eq', type: 'literal', value: '' }] })
          }
        />
      </FormGroup>
      {withFlow && (
        <FormGroup label={t('flow')}>
          {flow.map((f, i) => (
            <ControlGroup key={i} fill className="ff-lookup-row" data-testid="lookup-flow">
              <HTMLSelect
                aria-label={t('flowFrom')}
                disabled={disabled}
                value={f.from}
                options={colOptions}
                onChange={(e) =>
                  set({ flowToLookUp: flow.map((x, j) => (j === i ? { ...x, from: e.target.value } : x)) })
                }
              />
              <HTMLSelect
                aria-label={t('flowTo')}
                disabled={disabled}
                value={f.to}
                options={[choose, ...fieldNames.map((n) => ({ value: n, label: n }))]}
                onChange={(e) =>
                  set({ flowToLookUp: flow.map((x, j) => (j === i ? { ...x, to: e.target.value } : x)) })
                }
              />
              <Button
                icon="trash"
                variant="minimal"
                intent={Intent.DANGER}
                aria-label={t('removeFlow', { n: i + 1 })}
                disabled={disabled}
                onClick={() => set({ flowToLookUp: flow.filter((_, j) => j !== i) })}
              />
            </ControlGroup>
          ))}
          <Button
            icon="add"
            variant="minimal"
            text={t('addFlow')}
            disabled={disabled || !cols.length || !fieldNames.length}
            onClick={() => set({ flowToLookUp: [...flow, { from: cols[0]!.name, to: fieldNames[0]! }] })}
          />
        </FormGroup>
      )}
      <FormGroup label={t('testTitle')}>
        {data && (
          <LookupTester
            disabled={!config.moduleId || !config.displayField}
            shownKey={config.displayField}
            run={(search) =>
              data.testLookup(config, search).then((r) => ({ request: r.request, items: r.answer.items }))
            }
          />
        )}
      </FormGroup>
    </div>
  );
}
