import { useState } from 'react';
import { Button, Card, FormGroup, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ReportParameter } from './api';

export type Answers = Record<string, string | number>;

/** Asks a report's parameters before it runs (defaults filled in, required ones needed). */
export function ParametersForm(p: { parameters: ReportParameter[]; initial?: Answers; onRun(a: Answers): void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(p.parameters.map((x) => [x.name, String(p.initial?.[x.name] ?? x.default ?? '')])),
  );
  const missing = p.parameters.some((x) => x.required && !values[x.name]?.trim());
  return (
    <Card className="report-params">
      <form
        aria-label={t('REPORTS.PARAMETERS')}
        onSubmit={(e) => {
          e.preventDefault();
          if (missing) return;
          const answers: Answers = {};
          for (const x of p.parameters) {
            const v = values[x.name]?.trim() ?? '';
            if (v !== '') answers[x.name] = x.type === 'number' && !isNaN(Number(v)) ? Number(v) : v;
          }
          p.onRun(answers);
        }}
      >
        <p>{t('REPORTS.PARAMETERS_ASK')}</p>
        <div className="report-params-fields">
          {p.parameters.map((x) => (
            <FormGroup
              key={x.name}
              label={<span data-tenant-text>{x.label || x.name}</span>}
              labelFor={`report-param-${x.name}`}
              labelInfo={x.required ? t('REPORTS.REQUIRED') : undefined}
            >
              <InputGroup
                id={`report-param-${x.name}`}
                type={x.type === 'date' ? 'date' : x.type === 'number' ? 'number' : 'text'}
                required={x.required}
                value={values[x.name] ?? ''}
                onValueChange={(v) => setValues({ ...values, [x.name]: v })}
              />
            </FormGroup>
          ))}
        </div>
        <Button type="submit" intent="primary" icon="play" text={t('REPORTS.RUN')} disabled={missing} />
      </form>
    </Card>
  );
}
