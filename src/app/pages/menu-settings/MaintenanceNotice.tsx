import { Button, NonIdealState } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MAINTENANCE_MESSAGE_KEY } from '../../api/client';
import { MAINTENANCE_STATUS_KEY, maintenanceStatus } from './api';
import './maintenance.css';

const storedMessage = () => {
  try {
    return sessionStorage.getItem(MAINTENANCE_MESSAGE_KEY) ?? '';
  } catch {
    return '';
  }
};

/**
 * /maintenance: the message of the 503 answer that sent the user here (or the server's current one), re-asked every
 * 15 s; once maintenance is over, a button back into the app.
 */
export function MaintenanceNotice() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useQuery({ queryKey: MAINTENANCE_STATUS_KEY, queryFn: maintenanceStatus, refetchInterval: 15_000 });
  const over = status.data && !status.data.on;
  const message = status.data?.on ? status.data.message : storedMessage();
  return (
    <main className="maintenance-page">
      <NonIdealState
        icon={over ? 'tick-circle' : 'wrench'}
        title={over ? t('MAINTENANCE.OVER') : t('SYSTEM.MAINTENANCE_TITLE')}
        description={
          <p className="maintenance-message" data-testid="maintenance-message">
            {over ? t('MAINTENANCE.OVER_TEXT') : message || t('SYSTEM.MAINTENANCE_TEXT')}
          </p>
        }
        action={
          over ? (
            <Button intent="primary" text={t('MAINTENANCE.BACK')} onClick={() => navigate('/', { replace: true })} />
          ) : (
            <Button
              icon="refresh"
              text={t('MAINTENANCE.RETRY')}
              loading={status.isFetching}
              onClick={() => void status.refetch()}
            />
          )
        }
      />
    </main>
  );
}
