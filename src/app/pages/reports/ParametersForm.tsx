import { useState } from 'react';
import { Button, Card, FormGroup, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ReportParameter } from './api';

export type Answers = Record<string, string | number>;
/** What the inputs hold: text, as typed. */
export type ParameterTexts = Record<string, string>;

/** The inputs' texts for a report's parameters: the given answers, else each parameter's default. */
export const parameterTexts = (parameters: ReportParameter[], initial?: Answers): ParameterTexts =>
  Object.fromEntries(parameters.map((x) => [x.name, String(initial?.[x.name] ?? x.default ?? '')]));

/** A required parameter left empty. */
export const missingParameter = (parameters: ReportParameter[], values: ParameterTexts) =>
  parameters.some((x) => x.required && !values[x.name]?.trim());

/** The answers the inputs hold: empty ones left out, numbers as numbers. */
export function answersOf(parameters: ReportParameter[], values: ParameterTexts): Answers {
  const answers: Answers = {};
  for (const x of parameters) {
    const v = values[x.name]?.trim() ?? '';
    if (v !== '') answers[x.name] = x.type === 'number' && !isNaN(Number(v)) ? Number(v) : v;
  }
  return answers;
}

/** One input per parameter, typed by the parameter (the viewer's and the scheduled mailing's). */
export function ParameterFields(p: {
  parameters: ReportParameter[];
  values: ParameterTexts;
  onChange(v: ParameterTexts): void;
  idPrefix?: string;
}) {
  const { t } = useTranslation();
  const prefix = p.idPrefix ?? 'report-param';
  return (
    <div className="report-params-fields">
      {p.parameters.map((x) => (
        <FormGroup
          key={x.name}
          label={<span data-tenant-text>{x.label || x.name}</span>}
          labelFor={`${prefix}-${x.name}`}
          labelInfo={x.required ? t('REPORTS.REQUIRED') : undefined}
        >
          <InputGroup
            id={`${prefix}-${x.name}`}
            type={x.type === 'date' ? 'date' : x.type === 'number' ? 'number' : 'text'}
            required={x.required}
            value={p.values[x.name] ?? ''}
            onValueChange={(v) => p.onChange({ ...p.values, [x.name]: v })}
          />
        </FormGroup>
      ))}
    </div>
  );
}

/** Asks a report's parameters before it runs (defaults filled in, required ones needed). */
export function ParametersForm(p: { parameters: ReportParameter[]; initial?: Answers; onRun(a: Answers): void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ParameterTexts>(() => parameterTexts(p.parameters, p.initial));
  const missing = missingParameter(p.parameters, values);
  return (
    <Card className="report-params">
      <form
        aria-label={t('REPORTS.PARAMETERS')}
        onSubmit={(e) => {
          e.preventDefault();
          if (!missing) p.onRun(answersOf(p.parameters, values));
        }}
      >
        <p>{t('REPORTS.PARAMETERS_ASK')}</p>
        <ParameterFields parameters={p.parameters} values={values} onChange={setValues} />
        <Button type="submit" intent="primary" icon="play" text={t('REPORTS.RUN')} disabled={missing} />
      </form>
    </Card>
  );
}
