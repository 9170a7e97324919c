import { useState } from 'react';
import { Button, Checkbox, H5, HTMLTable, Intent, Switch } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
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

const ACTIONS: ModuleAction[] = ['create', 'view', 'edit'];
const ROLES = ['sysAdmin', 'administrator', 'fullUser', 'consultant'] as const;

/**
 * Per-form permission rules (who may create, view, edit records; the server enforces them), reassignment, and the
 * apps this one reads and is read by.
 */
export function SettingsPanel({ app }: { app: DesignedApp }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [rules, setRules] = useState<Partial<Record<ModuleAction, AccessRule>>>(app.permission.rules ?? {});
  const [saving, setSaving] = useState(false);
  const rule = (a: ModuleAction): AccessRule => rules[a] ?? { everyone: true };
  const setRule = (a: ModuleAction, r: AccessRule) => setRules((x) => ({ ...x, [a]: r }));

  async function run(p: () => Promise<unknown>) {
    setSaving(true);
    try {
      await p();
      void toastSuccess(t('DESIGNER.SETTINGS_SAVED'));
      await qc.invalidateQueries({ queryKey: ['designed-app', app.id] });
    } catch (err) {
      void toastError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="fd-settings" data-testid="app-settings">
      <H5>{t('DESIGNER.PERMISSIONS')}</H5>
      <HTMLTable compact>
        <thead>
          <tr>
            <th />
            <th>{t('DESIGNER.EVERYONE')}</th>
            {ROLES.map((r) => (
              <th key={r}>
                {t(
                  `ROLES.${r === 'sysAdmin' ? 'SYS_ADMIN' : r === 'administrator' ? 'ADMINISTRATOR' : r === 'fullUser' ? 'FULL_USER' : 'CONSULTANT'}`,
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ACTIONS.map((a) => {
            const r = rule(a);
            return (
              <tr key={a}>
                <td>{t(`DESIGNER.ACTION.${a}`)}</td>
                <td>
                  <Checkbox
                    aria-label={`${a} everyone`}
                    checked={!!r.everyone}
                    onChange={(e) => setRule(a, e.currentTarget.checked ? { everyone: true } : { roles: [] })}
                  />
                </td>
                {ROLES.map((role) => (
                  <td key={role}>
                    <Checkbox
                      aria-label={`${a} ${role}`}
                      disabled={!!r.everyone}
                      checked={!!r.everyone || !!r.roles?.includes(role)}
                      onChange={(e) =>
                        setRule(a, {
                          ...r,
                          everyone: false,
                          roles: e.currentTarget.checked
                            ? [...(r.roles ?? []), role]
                            : (r.roles ?? []).filter((x) => x !== role),
                        })
                      }
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
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
