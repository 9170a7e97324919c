import { useState } from 'react';
import { Button, Callout, H5, HTMLTable, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { describeConnector, type ConnectorOperation } from './api';

/**
 * For connector kinds whose other system describes itself (a SOAP service's WSDL): loads what it offers through the
 * server and lets the designer pick an operation, which fills the settings.
 */
export function BrowsePanel(p: {
  dcType: string;
  config: Record<string, unknown>;
  securityHeaderId: string | null;
  onUse(op: ConnectorOperation): void;
}) {
  const { t } = useTranslation();
  const [ops, setOps] = useState<ConnectorOperation[]>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const load = async () => {
    setBusy(true);
    setError(undefined);
    try {
      setOps(await describeConnector({ dcType: p.dcType, config: p.config, securityHeaderId: p.securityHeaderId }));
    } catch (err) {
      setOps(undefined);
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="dc-test" aria-label={t('DC.BROWSE')} data-testid="connector-browse">
      <H5>{t('DC.BROWSE')}</H5>
      <Button icon="search-template" text={t('DC.LOAD_OPERATIONS')} loading={busy} onClick={() => void load()} />
      {error && (
        <Callout intent={Intent.DANGER} role="alert">
          {error}
        </Callout>
      )}
      {ops && (
        <HTMLTable compact aria-label={t('DC.OPERATIONS')}>
          <thead>
            <tr>
              <th>{t('DC.OPERATION')}</th>
              <th>{t('DC.OPERATION_INPUTS')}</th>
              <th>
                <span className="visually-hidden">{t('DC.ACTIONS')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {ops.map((op) => (
              <tr key={op.name}>
                <td>{op.name}</td>
                <td>{op.inputs.join(', ')}</td>
                <td>
                  <Button
                    small
                    text={t('DC.USE')}
                    aria-label={t('DC.USE_OPERATION', { name: op.name })}
                    onClick={() => p.onUse(op)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
}
