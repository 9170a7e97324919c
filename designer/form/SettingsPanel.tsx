import { useState } from 'react';
import { Button, H5, Intent, Switch } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../src/app/api/client';
import { DataLinks } from './DataLinks';
import { toastError, toastSuccess } from '../../src/app/components/toaster';
import {
  setReassignment,
  updateModule,
  type AccessRule,
  type DesignedApp,
  type ModuleAction,
} from '../../src/app/pages/apps/api';
import { ACTIONS, people, type People } from '../../src/app/pages/roles-permissions/api';
import { RuleEditor } from '../../src/app/pages/roles-permissions/RuleEditor';
import { useAtomValue } from 'jotai';
import { configAtom } from '../../src/app/state/auth';
import '../../src/app/pages/roles-permissions/rolesperm.css';

const NOBODY: People = { users: [], teams: [], capped: false };

/**
 * Per-app permission rules (who may create, view, edit, delete records, design the app and report on it, by role,
 * person or team; the server enforces them), reassignment, and the apps this one reads and is read by. The same
 * rule editor as the roles and permissions page; people and teams are listed for administrators only.
 */
export function SettingsPanel({ app }: { app: DesignedApp }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const config = useAtomValue(configAtom);
  const admin = !!(config?.isSysAdmin || config?.isAdministrator);
  // Only administrators may list the tenant's people and teams; other designers set rules by role.
  const folks = useQuery({ queryKey: ['rolesperm', 'people'], queryFn: people, enabled: admin });
  const [rules, setRules] = useState<Partial<Record<ModuleAction, AccessRule>>>(app.permission.rules ?? {});
  const [saving, setSaving] = useState(false);
  const setRule = (a: ModuleAction, r: AccessRule | undefined) =>
    setRules((x) => {
      const next = { ...x };
      if (r) next[a] = r;
      else delete next[a];
      return next;
    });

  async function run(p: () => Promise<unknown>) {
    setSaving(true);
    try {
      await p();
      void toastSuccess(t('DESIGNER.SETTINGS_SAVED'));
      await qc.invalidateQueries({ queryKey: ['designed-app', app.id] });
      await qc.invalidateQueries({ queryKey: ['rolesperm', 'apps'] });
    } catch (err) {
      void toastError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="fd-settings" data-testid="app-settings">
      <H5>{t('DESIGNER.PERMISSIONS')}</H5>
      <div className="rolesperm-rules fd-rules">
        {ACTIONS.map((a) => (
          <RuleEditor
            key={a}
            action={a}
            rule={rules[a]}
            people={folks.data ?? NOBODY}
            onChange={(r) => setRule(a, r)}
          />
        ))}
      </div>
      <p className="fd-hint">{t('DESIGNER.PERMISSIONS_HINT')}</p>
      <Button
        intent={Intent.PRIMARY}
        icon="floppy-disk"
        loading={saving}
        text={t('DESIGNER.SAVE_PERMISSIONS')}
        onClick={() => void run(() => updateModule({ id: app.id, permission: { rules } }))}
      />
      <H5 className="fd-gap">{t('DESIGNER.REASSIGNMENT')}</H5>
      <Switch
        checked={app.is_reassignment_disabled}
        disabled={saving}
        label={t('DESIGNER.REASSIGNMENT_DISABLED')}
        onChange={(e) => void run(() => setReassignment(app.id, e.currentTarget.checked))}
      />
      <DataLinks moduleId={app.id} />
    </div>
  );
}
