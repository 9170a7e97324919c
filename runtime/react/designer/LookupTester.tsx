import { useState } from 'react';
import { Button, Callout, ControlGroup, HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { LookupItem } from '../field-data';

type Result = { request: Record<string, unknown>; items: LookupItem[] } | { error: string };

/**
 * "Test this lookup": runs the settings as they stand (as the designer, through the server) and shows the request
 * as it was made and the items that came back.
 */
export function LookupTester({
  run: test,
  disabled,
  shownKey,
}: {
  run(search: string): Promise<{ request: Record<string, unknown>; items: LookupItem[] }>;
  disabled: boolean;
  /** The value already shown as each item's label. */
  shownKey?: string;
}) {
  const { t } = useTranslation('translation', { keyPrefix: 'FIELD_CONFIG.LOOKUP' });
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>();
  async function run() {
    setBusy(true);
    try {
      setResult(await test(search));
    } catch (err) {
      setResult({ error: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="ff-lookup-test" data-testid="lookup-test">
      <ControlGroup fill>
        <InputGroup
          aria-label={t('testSearch')}
          placeholder={t('testSearch')}
          value={search}
          onValueChange={setSearch}
          onKeyDown={(e) => e.key === 'Enter' && void run()}
        />
        <Button icon="play" text={t('test')} loading={busy} disabled={disabled} onClick={() => void run()} />
      </ControlGroup>
      {result && 'error' in result && (
        <Callout intent={Intent.DANGER} role="alert">
          {result.error}
        </Callout>
      )}
      {result && 'items' in result && (
        <>
          <pre className="ff-lookup-request" aria-label={t('request')}>
            {JSON.stringify(result.request, null, 2)}
          </pre>
          {result.items.length ? (
            <HTMLTable compact striped className="ff-lookup-answer" aria-label={t('answer')}>
              <tbody>
                {result.items.map((i) => (
                  <tr key={i.id}>
                    <td data-tenant-text>{i.label}</td>
                    <td data-tenant-text>
                      {Object.entries(i.values)
                        .filter(([k]) => k !== shownKey)
                        .map(([k, v]) => `${k}: ${String(v)}`)
                        .join(' · ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          ) : (
            <Callout>{t('testNothing')}</Callout>
          )}
        </>
      )}
    </div>
  );
}
