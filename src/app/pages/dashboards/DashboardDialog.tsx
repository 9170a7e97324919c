import { useState } from 'react';
import { Button, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Dashboard, Share } from './api';
import { SharePeople } from './SharePeople';

const ROLES = ['fullUser', 'consultant', 'administrator', 'sysAdmin'] as const;
const ROLE_KEY: Record<(typeof ROLES)[number], string> = {
  fullUser: 'DASHBOARDS.ROLE_FULL_USER',
  consultant: 'DASHBOARDS.ROLE_CONSULTANT',
  administrator: 'DASHBOARDS.ROLE_ADMINISTRATOR',
  sysAdmin: 'DASHBOARDS.ROLE_SYS_ADMIN',
};

/** Name a new dashboard, or rename one, and choose who it is shared with: kinds of user, teams and single users. */
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
          <FormGroup label={t('DASHBOARDS.SHARE_WITH_ROLES')} className="dash-share">
            <div className="dash-share-part" role="group" aria-label={t('DASHBOARDS.SHARE_ROLES')}>
              <span className="bp6-text-muted">{t('DASHBOARDS.SHARE_ROLES')}</span>
              {ROLES.map((r) => (
                <Checkbox key={r} label={t(ROLE_KEY[r])} checked={has(r)} onChange={() => toggle(r)} />
              ))}
            </div>
            <div className="dash-share-part" role="group" aria-label={t('DASHBOARDS.SHARE_PEOPLE')}>
              <span className="bp6-text-muted">{t('DASHBOARDS.SHARE_PEOPLE')}</span>
              <SharePeople value={shares} onChange={setShares} />
            </div>
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
