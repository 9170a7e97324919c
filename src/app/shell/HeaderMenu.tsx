import { Button, Menu, MenuItem, Popover, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router-dom';
import type { MenuItem as Item } from './api';

/** The main menu in the header: the role-filtered entries from GET /api/sys/permissions/menu/sidebar. */
export function HeaderMenu({ items }: { items: Item[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const label = (i: Item) => t(`SHELL.MENU.${i.menu_name}`);
  return (
    <nav className="header-menu" aria-label={t('SHELL.HEADER.MENU')}>
      <ul>
        {items
          .filter((i) => i.placement === 'header')
          .map((i) =>
            i.children ? (
              <li key={i.id}>
                <Popover
                  placement="bottom-start"
                  content={
                    <Menu aria-label={label(i)}>
                      {i.children.map((c) => (
                        <MenuItem
                          key={c.id}
                          data-menu-id={c.id}
                          icon={c.icon_class as IconName}
                          text={label(c)}
                          disabled={c.disabled}
                          onClick={() => c.action_url && navigate(c.action_url)}
                        />
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
              </li>
            ) : (
              <li key={i.id}>
                <NavLink
                  to={i.action_url ?? '#'}
                  className={({ isActive }) => `header-link${isActive ? ' active' : ''}`}
                  data-menu-id={i.id}
                >
                  {label(i)}
                </NavLink>
              </li>
            ),
          )}
      </ul>
    </nav>
  );
}
