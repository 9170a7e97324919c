import { useState } from 'react';
import { Button, Callout, Checkbox, FormGroup, H5, HTMLTable, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { testConnector, type ConnectorRun } from './api';

const excerpt = (v: unknown) => {
  const s = typeof v === 'string' ? v : JSON.stringify(v, null, 2);
  return s.length > 20_000 ? `${s.slice(0, 20_000)}\n…` : s;
};

/**
 * "Test": runs the settings as they stand with sample inputs, through the server (its egress rules and the security
 * header, whose secret stays there). Shows the request as sent, the answer, the values it gives fields, and lets
 * the designer pick which of the answer's columns to show (display_columns).
 */
export function TestPanel(p: {
  dcType: string;
  config: Record<string, unknown>;
  securityHeaderId: string | null;
  inputs: string[];
  selected: string[];
  onColumns(available: string[], selected: string[]): void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, string>>({});
  const [run, setRun] = useState<ConnectorRun>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const r = await testConnector({
        dcType: p.dcType,
        config: p.config,
        securityHeaderId: p.securityHeaderId,
        input: values,
      });
      setRun(r);
      p.onColumns(
        r.columns,
        p.selected.filter((c) => r.columns.includes(c)),
      );
    } catch (err) {
      setRun(undefined);
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="dc-test" aria-label={t('DC.TEST')} data-testid="connector-test">
      <H5>{t('DC.TEST')}</H5>
      {p.inputs.map((name) => (
        <FormGroup key={name} label={name} labelFor={`dc-input-${name}`} inline>
          <InputGroup
            id={`dc-input-${name}`}
            value={values[name] ?? ''}
            onValueChange={(v) => setValues((x) => ({ ...x, [name]: v }))}
          />
        </FormGroup>
      ))}
      <Button icon="play" text={t('DC.RUN_TEST')} loading={busy} onClick={() => void go()} />
      {error && (
        <Callout intent={Intent.DANGER} role="alert">
          {error}
        </Callout>
      )}
      {run && (
        <div className="dc-run">
          <p>
            <Tag intent={run.status < 300 ? Intent.SUCCESS : Intent.DANGER} data-testid="connector-status">
              {run.status}
            </Tag>{' '}
            {t('DC.DURATION', { ms: run.durationMs })}
          </p>
          <H5>{t('DC.REQUEST')}</H5>
          <pre className="dc-pre" data-testid="connector-request">
            {`${run.request.method} ${run.request.url}\n${Object.entries(run.request.headers)
              .map(([k, v]) => `${k}: ${v}`)
              .join('\n')}${run.request.body ? `\n\n${run.request.body}` : ''}`}
          </pre>
          <H5>{t('DC.RESPONSE')}</H5>
          <pre className="dc-pre" data-testid="connector-response">
            {excerpt(run.response)}
          </pre>
          {Object.keys(run.outputs).length > 0 && (
            <HTMLTable compact aria-label={t('DC.OUTPUTS')}>
              <tbody>
                {Object.entries(run.outputs).map(([k, v]) => (
                  <tr key={k}>
                    <th scope="row">{k}</th>
                    <td>{excerpt(v)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
          {run.columns.length > 0 && (
            <FormGroup label={t('DC.DISPLAY_COLUMNS')}>
              {run.columns.map((c) => (
                <Checkbox
                  key={c}
                  label={c}
                  inline
                  checked={p.selected.includes(c)}
                  onChange={(e) =>
                    p.onColumns(
                      run.columns,
                      e.currentTarget.checked ? [...p.selected, c] : p.selected.filter((x) => x !== c),
                    )
                  }
                />
              ))}
            </FormGroup>
          )}
        </div>
      )}
    </section>
  );
}
