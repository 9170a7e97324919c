import { Classes, Icon } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { MenuItem, TreeNode } from './api';
import { pageAppNameAtom } from './layout';
import { pageTrail } from './navigation';

/** Sticky sub-header: the active page's title and its breadcrumb trail (menu entry, or app and page). */
export function SubHeader({ menu, tree }: { menu: MenuItem[]; tree: TreeNode[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const reported = useAtomValue(pageAppNameAtom);
  const crumbs = pageTrail(pathname, menu, tree, reported).map((c) => ({
    text: c.key ? t(c.key) : c.text!,
    href: c.href,
  }));
  const title = crumbs.length ? crumbs[crumbs.length - 1]!.text : t('SHELL.SIDEBAR.HOME');
  const all = [{ text: t('SHELL.SIDEBAR.HOME'), href: '/tasks' }, ...crumbs];
  return (
    <div className="shell-subheader" data-testid="subheader">
      <h1 className="subheader-title">{title}</h1>
      {crumbs.length > 0 && (
        <nav aria-label={t('SHELL.BREADCRUMBS')}>
          <ol className={Classes.BREADCRUMBS}>
            {all.map((c, i) => {
              const last = i === all.length - 1;
              return (
                <li key={`${i}-${c.text}`}>
                  {last || !c.href ? (
                    <span
                      className={`${Classes.BREADCRUMB}${last ? ` ${Classes.BREADCRUMB_CURRENT}` : ''}`}
                      aria-current={last ? 'page' : undefined}
                    >
                      {i === 0 && <Icon icon="home" />}
                      {c.text}
                    </span>
                  ) : (
                    <Link to={c.href} className={Classes.BREADCRUMB}>
                      {i === 0 && <Icon icon="home" />}
                      {c.text}
                    </Link>
                  )}
                </li>
              );
            })}
          </ol>
        </nav>
      )}
    </div>
  );
}
