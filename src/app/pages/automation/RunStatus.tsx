import { Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Trigger } from './api';

const INTENT: Record<string, Intent> = {
  Succeeded: Intent.SUCCESS,
  Failed: Intent.DANGER,
  Stopped: Intent.WARNING,
  Running: Intent.PRIMARY,
  Skipped: Intent.NONE,
  Waiting: Intent.PRIMARY,
  Cancelled: Intent.WARNING,
};

/** A run's or a step's result as a coloured tag. */
export function RunStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={INTENT[status] ?? Intent.NONE} data-testid={`status-${status}`}>
      {t(`RPA.STATUS_${status.toUpperCase()}`)}
    </Tag>
  );
}

/** When an automation runs, in words. */
export function TriggerSummary({ trigger }: { trigger: Trigger }) {
  const { t } = useTranslation();
  switch (trigger.kind) {
    case 'manual':
      return <>{t('RPA.BY_HAND')}</>;
    case 'interval':
      return <>{t('RPA.EVERY_MINUTES', { count: trigger.minutes })}</>;
    case 'record':
      return <>{t('RPA.ON_RECORD_EVENTS', { count: trigger.events.length })}</>;
    case 'schedule':
      return (
        <>
          <code>{trigger.cron}</code> ({trigger.timeZone})
        </>
      );
  }
}
