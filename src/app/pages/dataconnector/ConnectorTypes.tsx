import { Card, H3, Icon, type IconName } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { queryKeys } from '../../realtime/query-keys';
import { connectorNames } from './api';
import { connectorNs, connectorRegistry } from './connector-types';

/** The kinds of connector this installation has (its connector plugins), each with how many the tenant keeps. */
export function ConnectorTypes() {
  const { t } = useTranslation();
  const names = useQuery({ queryKey: [...queryKeys.connectors, 'names'], queryFn: connectorNames });
  const types = Object.values(connectorRegistry).sort((a, b) => a.type.localeCompare(b.type));
  return (
    <section className="dc-types" aria-label={t('DC.CONNECTORS')}>
      <H3>{t('DC.CONNECTORS')}</H3>
      <div className="dc-type-cards">
        {types.map((m) => {
          const count = (names.data ?? []).filter((n) => n.dcType === m.type).length;
          return (
            <Card key={m.type} className="dc-type-card">
              <Icon icon={m.icon as IconName} size={20} />
              <Link to={`/data-connector/${m.type}`} data-testid={`dc-type-${m.type}`}>
                {t('title', { ns: connectorNs(m.type), defaultValue: m.type })}
              </Link>
              <span className="bp6-text-muted">{t('DC.COUNT', { count })}</span>
            </Card>
          );
        })}
      </div>
    </section>
  );
}
