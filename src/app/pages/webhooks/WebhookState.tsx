import { Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../shell/dates';
import type { Webhook } from './api';

/** On, off, or failing since when (an endpoint failing for days is turned off by the server). */
export function WebhookState({ hook }: { hook: Pick<Webhook, 'active' | 'failingSince'> }) {
  const { t } = useTranslation();
  const fmt = useFormatDate();
  if (!hook.active) return <Tag minimal>{t('WH.OFF')}</Tag>;
  if (hook.failingSince)
    return <Tag intent={Intent.WARNING}>{t('WH.FAILING_SINCE', { when: fmt(hook.failingSince, true) })}</Tag>;
  return <Tag intent={Intent.SUCCESS}>{t('WH.ON')}</Tag>;
}
