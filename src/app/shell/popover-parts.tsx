import { Fragment } from 'react';
import { Menu, MenuDivider, MenuItem, Tooltip, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { MenuItem as Item } from './api';
import { isExternal, menuLabel } from './navigation';

/** The shell's popovers and their menus: a chunk of its own, loaded when one is first opened (ShellPopover.tsx). */
export { PopoverNext } from '@blueprintjs/core';
export { NotificationsDropdown } from '../pages/notifications/NotificationsDropdown';

/**
 * One entry of a header dropdown: a link to the entry's page, greyed out when the role may not open it; a tooltip
 * (e.g. a missing bot licence) says why.
 */
function EntryItem({ item }: { item: Item }) {
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
            <span>{menuLabel(t, item)}</span>
          </Tooltip>
        ) : (
          menuLabel(t, item)
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

/** A header group's dropdown. */
export function GroupMenu({ group }: { group: Item }) {
  const { t } = useTranslation();
  return (
    <Menu aria-label={menuLabel(t, group)}>
      {group.children?.map((c) => (
        <EntryItem key={c.id} item={c} />
      ))}
    </Menu>
  );
}

/** The header's "More" menu: entries that did not fit, groups listed under their title. */
export function MoreMenu({ rest }: { rest: Item[] }) {
  const { t } = useTranslation();
  return (
    <Menu aria-label={t('SHELL.HEADER.MORE')} className="header-more-menu">
      {rest.map((i) =>
        i.children ? (
          <Fragment key={i.id}>
            <MenuDivider title={<span data-menu-id={i.id}>{menuLabel(t, i)}</span>} />
            {i.children.map((c) => (
              <EntryItem key={c.id} item={c} />
            ))}
          </Fragment>
        ) : (
          <EntryItem key={i.id} item={i} />
        ),
      )}
    </Menu>
  );
}

/** Settings quick actions: the settings entries the user may open, plus their own profile. */
export function QuickActionsMenu({ settings }: { settings: Item | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Menu aria-label={t('SHELL.TOPBAR.QUICK_ACTIONS')}>
      <MenuItem icon="user" text={t('SHELL.USER.PROFILE')} onClick={() => navigate('/app/user/profile')} />
      <MenuItem
        icon="lock"
        text={t('SHELL.USER.SECURITY_QUESTION')}
        onClick={() => navigate('/app/user/profile/security-question')}
      />
      {settings?.children?.length ? <MenuDivider title={menuLabel(t, settings)} /> : null}
      {settings?.children?.map((c) => (
        <MenuItem
          key={c.id}
          icon={c.icon_class as IconName}
          text={menuLabel(t, c)}
          disabled={c.disabled}
          onClick={() => c.action_url && navigate(c.action_url)}
        />
      ))}
    </Menu>
  );
}

/** The user menu: My Profile, the user-placed entries (Audit Trail, Process for administrators), sign out. */
export function UserMenu({ email, items }: { email: string | undefined; items: Item[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Menu aria-label={t('SHELL.USER.MENU')}>
      <MenuDivider title={email} />
      <MenuItem icon="user" text={t('SHELL.USER.PROFILE')} onClick={() => navigate('/app/user/profile')} />
      {items.map((it) =>
        it.new_tab ? (
          <MenuItem
            key={it.id}
            data-menu-id={it.id}
            icon={it.icon_class as IconName}
            text={menuLabel(t, it)}
            href={it.action_url ?? undefined}
            target="_blank"
            rel="noopener"
          />
        ) : (
          <MenuItem
            key={it.id}
            data-menu-id={it.id}
            icon={it.icon_class as IconName}
            text={menuLabel(t, it)}
            onClick={() => it.action_url && navigate(it.action_url)}
          />
        ),
      )}
      <MenuDivider />
      <MenuItem icon="log-out" text={t('AUTH.SIGN_OUT')} onClick={() => navigate('/logout')} />
    </Menu>
  );
}
