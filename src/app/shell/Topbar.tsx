import { Button, Icon } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LanguageSelect } from '../components/LanguageSelect';
import { useTenantInfo } from '../api/tenant';
import { configAtom } from '../state/auth';
import { useMenu, type MenuItem as Item } from './api';
import { QuickLaunch } from './QuickLaunch';
import { TopbarNotifications } from './TopbarNotifications';
import { UniButton } from '../uni/UniButton';
import { layoutConfigAtom, MENU_SLIDE_MS } from './layout-config';
import { ShellPopover } from './ShellPopover';

/** Settings quick actions: the settings entries the user may open, plus their own profile. */
function QuickActions({ settings }: { settings: Item | undefined }) {
  const { t } = useTranslation();
  return (
    <ShellPopover
      content={(m) => <m.QuickActionsMenu settings={settings} />}
      placement="bottom-end"
      transitionDuration={MENU_SLIDE_MS}
    >
      <Button variant="minimal" icon="cog" aria-label={t('SHELL.TOPBAR.QUICK_ACTIONS')} />
    </ShellPopover>
  );
}

/** Help: how to reach the organisation's support. */
function Help() {
  const { t } = useTranslation();
  const info = useTenantInfo();
  const data = info.data?.ok ? info.data.info : undefined;
  const content = (
    <div className="help-panel">
      <strong>{t('SHELL.HELP.TITLE')}</strong>
      <p>{t('SHELL.HELP.TEXT')}</p>
      {data?.support_email && (
        <p>
          <a href={`mailto:${data.support_email}`}>{data.support_email}</a>
        </p>
      )}
      {data?.person_in_charge_phone && <p>{data.person_in_charge_phone}</p>}
      {!data?.support_email && !data?.person_in_charge_phone && <p>{t('SHELL.HELP.NO_CONTACT')}</p>}
    </div>
  );
  return (
    <ShellPopover content={() => content} placement="bottom-end" transitionDuration={MENU_SLIDE_MS}>
      <Button variant="minimal" icon="help" aria-label={t('SHELL.HELP.TITLE')} />
    </ShellPopover>
  );
}

/** The user menu: My Profile, sign out; Audit Trail and Process for system administrators. */
function UserMenu({ items }: { items: Item[] }) {
  const config = useAtomValue(configAtom);
  const u = config?.userInfo;
  return (
    <ShellPopover
      content={(m) => <m.UserMenu email={u?.email} items={items} />}
      placement="bottom-end"
      transitionDuration={MENU_SLIDE_MS}
    >
      <Button variant="minimal" icon="user" endIcon="caret-down" className="topbar-user" data-testid="user-menu">
        <span className="topbar-user-name" data-testid="signed-in-name" data-tenant-text>
          {u?.fullname}
        </span>
      </Button>
    </ShellPopover>
  );
}

/** Right side of the header: the assistant Uni, notifications, settings quick actions, help, language and the user menu. */
export function Topbar() {
  const { t } = useTranslation();
  const menu = useMenu();
  const { parts } = useAtomValue(layoutConfigAtom);
  const items = menu.data ?? [];
  return (
    <div className="shell-topbar">
      <UniButton />
      {parts.notifications && <TopbarNotifications />}
      {parts.quickActions && <QuickLaunch />}
      {parts.quickActions && <QuickActions settings={items.find((i) => i.id === 'SETTINGS')} />}
      <Help />
      {parts.languages && <LanguageSelect />}
      {parts.user && <UserMenu items={items.filter((i) => i.placement === 'user')} />}
      <Link to="/logout" className="topbar-signout" aria-label={t('AUTH.SIGN_OUT')} title={t('AUTH.SIGN_OUT')}>
        <Icon icon="log-out" />
      </Link>
    </div>
  );
}
