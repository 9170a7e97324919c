import { useState } from 'react';
import { Button, Callout, Card, FormGroup, H5, InputGroup, Switch } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { toastError, toastSuccess } from '../../components/toaster';
import { loadMaintenance, MAINTENANCE_KEY, switchMaintenance } from './api';

/**
 * System administrators only: switches the organisation into maintenance (everyone else gets the message and the
 * /maintenance page until it is switched off). The whole installation is switched from the command line.
 */
export function MaintenanceCard() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const state = useQuery({ queryKey: MAINTENANCE_KEY, queryFn: loadMaintenance });
  const [message, setMessage] = useState<string | null>(null);
  const on = !!state.data?.tenant.on;
  const shown = message ?? (on ? state.data!.tenant.message : '');
  const change = useMutation({
    mutationFn: (next: boolean) =>
      switchMaintenance({ on: next, ...(next && shown.trim() ? { message: shown.trim() } : {}) }),
    onSuccess: (data, next) => {
      qc.setQueryData(MAINTENANCE_KEY, data);
      setMessage(null);
      void toastSuccess(t(next ? 'MENU_SETTINGS.MAINT.ON_DONE' : 'MENU_SETTINGS.MAINT.OFF_DONE'));
    },
    onError: (err) => void toastError(errorMessage(err)),
  });
  return (
    <Card className="ms-maintenance" aria-labelledby="ms-maint-title">
      <H5 id="ms-maint-title">{t('MENU_SETTINGS.MAINT.TITLE')}</H5>
      <p className="bp6-text-muted">{t('MENU_SETTINGS.MAINT.ABOUT')}</p>
      {state.data?.installation.on && (
        <Callout intent="warning" icon="warning-sign">
          {t('MENU_SETTINGS.MAINT.INSTALLATION', { message: state.data.installation.message })}
        </Callout>
      )}
      <FormGroup label={t('MENU_SETTINGS.MAINT.MESSAGE')} labelFor="ms-maint-message">
        <InputGroup
          id="ms-maint-message"
          value={shown}
          maxLength={500}
          placeholder={t('SYSTEM.MAINTENANCE_TEXT')}
          onValueChange={setMessage}
        />
      </FormGroup>
      <Switch
        large
        checked={on}
        disabled={!state.data || change.isPending}
        label={t('MENU_SETTINGS.MAINT.SWITCH')}
        data-testid="maintenance-switch"
        onChange={(e) => change.mutate(e.currentTarget.checked)}
      />
      {on && message !== null && (
        <Button text={t('MENU_SETTINGS.MAINT.UPDATE')} loading={change.isPending} onClick={() => change.mutate(true)} />
      )}
    </Card>
  );
}
