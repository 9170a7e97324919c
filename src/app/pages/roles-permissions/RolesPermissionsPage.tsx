import { useState } from 'react';
import { H3, Tab, Tabs, type TabId } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { configAtom } from '../../state/auth';
import { RolesTab } from './RolesTab';
import { AppPermissionsTab } from './AppPermissionsTab';
import { ExplainTab } from './ExplainTab';
import './rolesperm.css';

/**
 * /settings/roles-permissions: what each kind of user may do (everyone who opens settings), and for administrators
 * the apps' permission rules with a what-if preview, and why a user can or cannot reach an app or record.
 */
export function RolesPermissionsPage() {
  const { t } = useTranslation();
  const config = useAtomValue(configAtom);
  const admin = !!(config?.isSysAdmin || config?.isAdministrator);
  const [tab, setTab] = useState<TabId>('roles');
  return (
    <main className="page-body rolesperm-page">
      <H3>{t('ROLESPERM.TITLE')}</H3>
      <Tabs id="rolesperm-tabs" selectedTabId={tab} onChange={setTab} renderActiveTabPanelOnly large>
        <Tab id="roles" title={t('ROLESPERM.TAB.ROLES')} panel={<RolesTab />} />
        {admin && <Tab id="apps" title={t('ROLESPERM.TAB.APPS')} panel={<AppPermissionsTab />} />}
        {admin && <Tab id="explain" title={t('ROLESPERM.TAB.EXPLAIN')} panel={<ExplainTab />} />}
      </Tabs>
    </main>
  );
}
