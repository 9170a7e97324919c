import { useDeferredValue, useState } from 'react';
import { H3, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { listHelp } from './api';
import './help.css';

/** /help: every help article in the user's language, and a search over them. */
export function HelpPage() {
  const { t, i18n } = useTranslation();
  const [q, setQ] = useState('');
  const query = useDeferredValue(q);
  const lang = i18n.language;
  const list = useQuery({ queryKey: ['help', lang, query], queryFn: () => listHelp(lang, query) });
  return (
    <main className="help-page" data-testid="help-page">
      <H3>{t('HELP.TITLE')}</H3>
      <p className="help-about">{t('HELP.ABOUT')}</p>
      <InputGroup
        type="search"
        leftIcon="search"
        placeholder={t('HELP.SEARCH')}
        aria-label={t('HELP.SEARCH')}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        data-testid="help-search"
      />
      {list.isPending ? (
        <Spinner />
      ) : !list.data?.length ? (
        <NonIdealState icon="search" title={t('HELP.NONE')} />
      ) : (
        <ul className="help-list">
          {list.data.map((a) => (
            <li key={a.slug}>
              <Link to={`/help/${a.slug}`}>{a.title}</Link>
              <span className="help-snippet">{a.snippet}</span>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
