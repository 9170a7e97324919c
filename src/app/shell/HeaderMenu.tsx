import { Boundary, Button, OverflowList, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import type { MenuItem as Item } from './api';
import { MENU_SLIDE_MS } from './layout-config';
import { isExternal, menuLabel } from './navigation';
import { ShellPopover } from './ShellPopover';

/**
 * The main menu in the header: the role-filtered entries from GET /api/sys/permissions/menu/sidebar. Entries that do
 * not fit on the header's one row collapse into a "More" menu, groups listed there under their title.
 */
export function HeaderMenu({ items }: { items: Item[] }) {
  const { t } = useTranslation();
  const label = (i: Item) => menuLabel(t, i);
  const visible = (i: Item) =>
    i.children ? (
      <div key={i.id} className="header-entry">
        <ShellPopover
          transitionDuration={MENU_SLIDE_MS}
          placement="bottom-start"
          content={(m) => <m.GroupMenu group={i} />}
        >
          <Button
            variant="minimal"
            icon={i.icon_class as IconName}
            endIcon="caret-down"
            data-menu-id={i.id}
            text={label(i)}
          />
        </ShellPopover>
      </div>
    ) : (
      <div key={i.id} className="header-entry">
        {isExternal(i.action_url) ? (
          <a href={i.action_url!} target="_blank" rel="noopener noreferrer" className="header-link" data-menu-id={i.id}>
            {label(i)}
          </a>
        ) : (
          <NavLink
            to={i.action_url ?? '#'}
            className={({ isActive }) => `header-link${isActive ? ' active' : ''}`}
            data-menu-id={i.id}
          >
            {label(i)}
          </NavLink>
        )}
      </div>
    );
  const overflow = (rest: Item[]) =>
    rest.length ? (
      <div className="header-entry">
        <ShellPopover
          transitionDuration={MENU_SLIDE_MS}
          placement="bottom-start"
          content={(m) => <m.MoreMenu rest={rest} />}
        >
          <Button variant="minimal" endIcon="caret-down" data-testid="header-more" text={t('SHELL.HEADER.MORE')} />
        </ShellPopover>
      </div>
    ) : null;
  return (
    <nav className="header-menu" aria-label={t('SHELL.HEADER.MENU')}>
      <OverflowList
        className="header-list"
        items={items.filter((i) => i.placement === 'header')}
        visibleItemRenderer={visible}
        overflowRenderer={overflow}
        collapseFrom={Boundary.END}
        minVisibleItems={1}
      />
    </nav>
  );
}
