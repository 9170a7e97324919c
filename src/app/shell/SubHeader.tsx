import { Classes, Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { MenuItem, TreeNode } from './api';
import { activeTrail } from './navigation';

/** Titles of pages that are not menu entries. */
const FIXED: [RegExp, string][] = [
  [/^\/tasks/, 'SHELL.SIDEBAR.HOME'],
  [/^\/app\/user\/profile\/security-question/, 'SHELL.USER.SECURITY_QUESTION'],
  [/^\/app\/user\/profile/, 'SHELL.USER.PROFILE'],
  [/^\/settings\/user-detail/, 'PEOPLE.USER.DETAIL_TITLE'],
  [/^\/settings\/team-management\/detail/, 'PEOPLE.TEAM.DETAIL_TITLE'],
  [/^\/notifications/, 'SHELL.NOTIFICATIONS.TITLE'],
];

interface Crumb {
  text: string;
  href?: string;
}

/** Sticky sub-header: the active page's title and its breadcrumb trail from the menu. */
export function SubHeader({ menu, tree }: { menu: MenuItem[]; tree: TreeNode[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  let crumbs: Crumb[] = [];
  const trail = activeTrail(menu, pathname);
  const fixed = FIXED.find(([re]) => re.test(pathname));
  const moduleId = /^\/module\/([^/]+)/.exec(pathname)?.[1];
  if (fixed) crumbs = fixed[1] === 'SHELL.SIDEBAR.HOME' ? [] : [{ text: t(fixed[1]) }];
  else if (trail.length)
    crumbs = trail.map((i) => ({ text: t(`SHELL.MENU.${i.menu_name}`), href: i.action_url ?? undefined }));
  else if (moduleId) {
    for (const n of tree) {
      const child = n.children?.find((c) => c.id === moduleId);
      if (n.id === moduleId) crumbs = [{ text: n.text }];
      else if (child) crumbs = [{ text: n.text }, { text: child.text }];
    }
  }
  const title = crumbs.length ? crumbs[crumbs.length - 1]!.text : t('SHELL.SIDEBAR.HOME');
  const all: Crumb[] = [{ text: t('SHELL.SIDEBAR.HOME'), href: '/tasks' }, ...crumbs];
  return (
    <div className="shell-subheader" data-testid="subheader">
      <h1 className="subheader-title">{title}</h1>
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
    </div>
  );
}
