import DOMPurify from 'dompurify';
import { H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';

/** Formatting only: no scripts, handlers, styles, forms or frames survive. */
const sanitize = (html: string) =>
  DOMPurify.sanitize(html, {
    ALLOWED_TAGS: ['b', 'strong', 'i', 'em', 'u', 'br', 'p', 'span', 'a', 'ul', 'li'],
    ALLOWED_ATTR: ['href'],
  });

export function ForbiddenPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const message = params.get('message');
  return (
    <main className="system-page">
      <H2>403</H2>
      {message ? (
        <p className="forbidden-message" dangerouslySetInnerHTML={{ __html: sanitize(message) }} />
      ) : (
        <p className="forbidden-message">{t('FORBIDDEN.DEFAULT')}</p>
      )}
      <p>{t('FORBIDDEN.CAUSES_TITLE')}</p>
      <ul>
        <li>{t('FORBIDDEN.CAUSE_CREDENTIALS')}</li>
        <li>{t('FORBIDDEN.CAUSE_RESTRICTION')}</li>
        <li>{t('FORBIDDEN.CAUSE_RESOURCE')}</li>
        <li>{t('FORBIDDEN.CAUSE_TENANT')}</li>
      </ul>
      <Link to="/">{t('COMMON.HOME')}</Link>
    </main>
  );
}
