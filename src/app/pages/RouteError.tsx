import { Button, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** Route error boundary: the spec's two messages, offline or not. */
export function RouteError() {
  const { t } = useTranslation();
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <main className="status-page">
      <NonIdealState
        icon={offline ? 'offline' : 'error'}
        title={offline ? t('COMMON.OFFLINE') : t('COMMON.SOMETHING_WRONG')}
        action={<Button text={t('COMMON.RELOAD')} onClick={() => window.location.reload()} />}
      />
    </main>
  );
}
