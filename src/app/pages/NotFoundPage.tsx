import { NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="status-page">
      <NonIdealState
        icon="search"
        title={t('NOT_FOUND.TITLE')}
        description={t('NOT_FOUND.TEXT')}
        action={<Link to="/">{t('COMMON.HOME')}</Link>}
      />
    </main>
  );
}
