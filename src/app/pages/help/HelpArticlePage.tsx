import { Button, H3, NonIdealState, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { getHelp } from './api';
import { Markdown } from './Markdown';
import './help.css';

/** /help/:slug: one help article in the user's language (English when not written in it). */
export function HelpArticlePage() {
  const { t, i18n } = useTranslation();
  const { slug = '' } = useParams();
  const lang = i18n.language;
  const article = useQuery({ queryKey: ['help', 'article', slug, lang], queryFn: () => getHelp(slug, lang) });
  return (
    <main className="help-page" data-testid="help-article">
      <Link to="/help">
        <Button variant="minimal" icon="arrow-left" text={t('HELP.BACK')} />
      </Link>
      {article.isPending ? (
        <Spinner />
      ) : article.isError ? (
        <NonIdealState icon="help" title={t('HELP.NOT_FOUND')} />
      ) : (
        <article lang={article.data.lang}>
          <H3>{article.data.title}</H3>
          <Markdown text={article.data.body} />
        </article>
      )}
    </main>
  );
}
