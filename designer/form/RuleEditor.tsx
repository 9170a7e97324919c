import { memo } from 'react';
import { Button, Card, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FieldRule } from '../../schemas/module-definition';
import { FILTER_OPERATORS, UNARY_OPERATORS } from '../../runtime/expressions/operators';

type When = NonNullable<FieldRule['when']>;

export interface RuleEditorProps {
  /** The field whose rules these are (not offered as the compared field's partner). */
  fieldName: string;
  rules: FieldRule[];
  /** Names of all fields of the form, in order. */
  fieldNames: readonly string[];
  onChange(rules: FieldRule[] | undefined): void;
}

const valueText = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/**
 * Visibility and validation rules in the shape runtime/compile.ts reads: a condition (field, operator, and a
 * literal or another field) or an expression, plus the message a failed validation shows.
 */
export const RuleEditor = memo(function RuleEditor({ fieldName, rules, fieldNames, onChange }: RuleEditorProps) {
  const { t } = useTranslation();
  const firstField = fieldNames.find((n) => n !== fieldName) ?? fieldName;

  const set = (i: number, rule: FieldRule) => onChange(rules.map((r, j) => (j === i ? rule : r)));
  const setWhen = (i: number, patch: Partial<When>) => {
    const r = rules[i]!;
    const when: When = { ...(r.when ?? { field: firstField, operator: 'eq', type: 'literal' }), ...patch };
    if (UNARY_OPERATORS.includes(when.operator as never)) delete when.value;
    set(i, { ...r, when });
  };
  const add = (kind: FieldRule['kind']) =>
    onChange([...rules, { kind, when: { field: firstField, operator: 'isnotempty', type: 'literal' } }]);
  const remove = (i: number) => {
    const next = rules.filter((_, j) => j !== i);
    onChange(next.length ? next : undefined);
  };

  return (
    <div className="fd-rules" data-testid="rule-editor">
      {rules.map((r, i) => {
        const mode = r.expression !== undefined && !r.when ? 'expression' : 'condition';
        const when = r.when;
        const unary = !!when && UNARY_OPERATORS.includes(when.operator as never);
        return (
          <Card key={i} className="fd-rule" data-testid={`rule-${i}`}>
            <div className="fd-rule-line">
              <HTMLSelect
                aria-label={t('DESIGNER.RULE.KIND')}
                value={r.kind}
                onChange={(e) => set(i, { ...r, kind: e.currentTarget.value as FieldRule['kind'] })}
                options={[
                  { value: 'visible', label: t('DESIGNER.RULE.VISIBLE') },
                  { value: 'validate', label: t('DESIGNER.RULE.VALIDATE') },
                ]}
              />
              <HTMLSelect
                aria-label={t('DESIGNER.RULE.MODE')}
                value={mode}
                onChange={(e) =>
                  e.currentTarget.value === 'expression'
                    ? set(i, { kind: r.kind, expression: r.expression ?? '', message: r.message })
                    : set(i, {
                        kind: r.kind,
                        when: { field: firstField, operator: 'isnotempty', type: 'literal' },
                        message: r.message,
                      })
                }
                options={[
                  { value: 'condition', label: t('DESIGNER.RULE.CONDITION') },
                  { value: 'expression', label: t('DESIGNER.RULE.EXPRESSION') },
                ]}
              />
              <Button
                icon="cross"
                variant="minimal"
                aria-label={t('DESIGNER.RULE.REMOVE')}
                title={t('DESIGNER.RULE.REMOVE')}
                onClick={() => remove(i)}
              />
            </div>
            {mode === 'expression' ? (
              <InputGroup
                aria-label={t('DESIGNER.RULE.EXPRESSION')}
                placeholder="{amount} > 0"
                value={r.expression ?? ''}
                onValueChange={(v) => set(i, { ...r, expression: v })}
              />
            ) : (
              when && (
                <div className="fd-rule-line">
                  <HTMLSelect
                    aria-label={t('DESIGNER.RULE.FIELD')}
                    value={when.field}
                    onChange={(e) => setWhen(i, { field: e.currentTarget.value })}
                    options={fieldNames.map((n) => ({ value: n, label: n }))}
                  />
                  <HTMLSelect
                    aria-label={t('DESIGNER.RULE.OPERATOR')}
                    value={when.operator}
                    onChange={(e) => setWhen(i, { operator: e.currentTarget.value })}
                    options={FILTER_OPERATORS.map((o) => ({ value: o, label: t(`DESIGNER.OPERATOR.${o}`) }))}
                  />
                  {!unary && (
                    <>
                      <HTMLSelect
                        aria-label={t('DESIGNER.RULE.COMPARE_WITH')}
                        value={when.type}
                        onChange={(e) => {
                          const type = e.currentTarget.value as When['type'];
                          setWhen(i, { type, value: type === 'Field' ? firstField : '' });
                        }}
                        options={[
                          { value: 'literal', label: t('DESIGNER.RULE.LITERAL') },
                          { value: 'Field', label: t('DESIGNER.RULE.OTHER_FIELD') },
                        ]}
                      />
                      {when.type === 'Field' ? (
                        <HTMLSelect
                          aria-label={t('DESIGNER.RULE.VALUE_FIELD')}
                          value={valueText(when.value)}
                          onChange={(e) => setWhen(i, { value: e.currentTarget.value })}
                          options={fieldNames.map((n) => ({ value: n, label: n }))}
                        />
                      ) : (
                        <InputGroup
                          aria-label={t('DESIGNER.RULE.VALUE')}
                          value={valueText(when.value)}
                          onValueChange={(v) => setWhen(i, { value: v })}
                        />
                      )}
                    </>
                  )}
                </div>
              )
            )}
            {r.kind === 'validate' && (
              <FormGroup label={t('DESIGNER.RULE.MESSAGE')} className="fd-rule-message">
                <InputGroup
                  aria-label={t('DESIGNER.RULE.MESSAGE')}
                  value={r.message ?? ''}
                  onValueChange={(v) => set(i, v ? { ...r, message: v } : { ...r, message: undefined })}
                />
              </FormGroup>
            )}
          </Card>
        );
      })}
      <Button icon="eye-open" variant="minimal" text={t('DESIGNER.RULE.ADD_VISIBLE')} onClick={() => add('visible')} />
      <Button
        icon="tick-circle"
        variant="minimal"
        intent={Intent.NONE}
        text={t('DESIGNER.RULE.ADD_VALIDATE')}
        onClick={() => add('validate')}
      />
    </div>
  );
});
