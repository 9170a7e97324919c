import {
  Boundary,
  Button,
  Menu,
  MenuDivider,
  MenuItem,
  OverflowList,
  Popover,
  Tooltip,
  type IconName,
} from '@blueprintjs/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router-dom';
import type { MenuItem as Item } from './api';
import { MENU_SLIDE_MS } from './layout-config';
import { isExternal, menuLabel } from './navigation';

/**
 * One entry of a dropdown: a link to the entry's page, greyed out when the role may not open it; a tooltip (e.g. a
 * missing bot licence) says why.
 */
function EntryItem({ item, label }: { item: Item; label: (i: Item) => string }) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const why = item.tooltip_key ? t(item.tooltip_key) : undefined;
  return (
    <MenuItem
      data-menu-id={item.id}
      icon={item.icon_class as IconName}
      text={
        why ? (
          <Tooltip content={why} placement="right">
            <span>{label(item)}</span>
          </Tooltip>
        ) : (
          label(item)
        )
      }
      htmlTitle={why}
      disabled={item.disabled}
      {...(isExternal(item.action_url)
        ? { href: item.action_url!, target: '_blank', rel: 'noopener noreferrer' }
        : { onClick: () => item.action_url && navigate(item.action_url) })}
    />
  );
}

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
        <Popover
          transitionDuration={MENU_SLIDE_MS}
          placement="bottom-start"
          content={
            <Menu aria-label={label(i)}>
              {i.children.map((c) => (
                <EntryItem key={c.id} item={c} label={label} />
              ))}
            </Menu>
          }
        >
          <Button
            variant="minimal"
            icon={i.icon_class as IconName}
            endIcon="caret-down"
            data-menu-id={i.id}
            text={label(i)}
          />
        </Popover>
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
        <Popover
          transitionDuration={MENU_SLIDE_MS}
          placement="bottom-start"
          content={
            <Menu aria-label={t('SHELL.HEADER.MORE')} className="header-more-menu">
              {rest.map((i) =>
                i.children ? (
                  <Fragment key={i.id}>
                    <MenuDivider title={<span data-menu-id={i.id}>{label(i)}</span>} />
                    {i.children.map((c) => (
                      <EntryItem key={c.id} item={c} label={label} />
                    ))}
                  </Fragment>
                ) : (
                  <EntryItem key={i.id} item={i} label={label} />
                ),
              )}
            </Menu>
          }
        >
          <Button variant="minimal" endIcon="caret-down" data-testid="header-more" text={t('SHELL.HEADER.MORE')} />
        </Popover>
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
