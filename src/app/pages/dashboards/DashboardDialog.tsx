import { useState } from 'react';
import { Button, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from './api';

const ROLES = ['fullUser', 'consultant', 'administrator', 'sysAdmin'] as const;
const ROLE_KEY: Record<(typeof ROLES)[number], string> = {
  fullUser: 'DASHBOARDS.ROLE_FULL_USER',
  consultant: 'DASHBOARDS.ROLE_CONSULTANT',
  administrator: 'DASHBOARDS.ROLE_ADMINISTRATOR',
  sysAdmin: 'DASHBOARDS.ROLE_SYS_ADMIN',
};
type Share = Dashboard['sharedWith'][number];

/** Name a new dashboard, or rename one and choose the roles it is shared with (teams and users are kept). */
export function DashboardDialog(p: {
  initial?: Dashboard;
  busy: boolean;
  onClose(): void;
  onSave(v: { name: string; sharedWith: Share[] }): void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(p.initial?.name ?? '');
  const [shares, setShares] = useState<Share[]>(p.initial?.sharedWith ?? []);
  const has = (role: string) => shares.some((s) => s.kind === 'role' && s.id === role);
  const toggle = (role: string) =>
    setShares(
      has(role) ? shares.filter((s) => !(s.kind === 'role' && s.id === role)) : [...shares, { kind: 'role', id: role }],
    );
  return (
    <Dialog isOpen onClose={p.onClose} title={t(p.initial ? 'DASHBOARDS.RENAME_TITLE' : 'DASHBOARDS.NEW')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim()) p.onSave({ name: name.trim(), sharedWith: shares });
        }}
      >
        <DialogBody>
          <FormGroup label={t('DASHBOARDS.NAME')} labelFor="dash-name">
            <InputGroup id="dash-name" autoFocus value={name} onValueChange={setName} maxLength={200} />
          </FormGroup>
          <FormGroup label={t('DASHBOARDS.SHARE_WITH_ROLES')}>
            {ROLES.map((r) => (
              <Checkbox key={r} label={t(ROLE_KEY[r])} checked={has(r)} onChange={() => toggle(r)} />
            ))}
          </FormGroup>
          <p className="bp6-text-muted">{t('DASHBOARDS.SHARE_NOTE')}</p>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('DASHBOARDS.CANCEL')} onClick={p.onClose} />
              <Button
                type="submit"
                intent={Intent.PRIMARY}
                text={t('DASHBOARDS.SAVE')}
                loading={p.busy}
                disabled={!name.trim()}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
