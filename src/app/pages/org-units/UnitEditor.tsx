import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, FormGroup, HTMLSelect, HTMLTable, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { toastError, toastSuccess } from '../../components/toaster';
import { ReferenceSuggest } from '../../../../runtime/react/reference-picker';
import type { RecordRef } from '../../../../runtime/plugin-contract';
import { people } from '../settings/api';
import { orgUnits, searchUsers, type OrgMember, type OrgUnit, type OrgUnitDetail } from './api';
import { ORG_KEY } from './OrgUnitsPage';
import { subtreeIds } from './tree';

const noop = () => undefined;

/** One unit: name, head, team, child units, where it sits, delete; its members with their role and manager. */
export function UnitEditor(p: { id: string; units: OrgUnit[]; onOpen(id: string): void; onGone(): void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const unit = useQuery({ queryKey: [...ORG_KEY, 'unit', p.id], queryFn: () => orgUnits.unit(p.id), staleTime: 0 });
  const teams = useQuery({ queryKey: [...ORG_KEY, 'teams'], queryFn: () => people.teams() });
  const [name, setName] = useState<string | null>(null);
  const [child, setChild] = useState('');
  const [newMember, setNewMember] = useState<RecordRef | null>(null);
  const [newRole, setNewRole] = useState('');
  const [confirm, setConfirm] = useState(false);

  if (!unit.data) return <Spinner className="page-spinner" />;
  const u = unit.data;
  const run = async (fn: () => Promise<unknown>, done?: string) => {
    try {
      await fn();
      if (done) void toastSuccess(done);
      await qc.invalidateQueries({ queryKey: ORG_KEY });
    } catch (err) {
      void toastError(errorMessage(err));
    }
  };
  const blocked = subtreeIds(p.units, u.id);
  const moveOptions = p.units.filter((x) => !blocked.has(x.id)).map((x) => ({ value: x.id, label: x.name }));
  const head: RecordRef | null = u.headId ? { id: u.headId, label: u.headName ?? u.headId } : null;

  const rename = (e: FormEvent) => {
    e.preventDefault();
    if (name !== null) void run(() => orgUnits.change(u.id, { name }), t('ORGUNITS.SAVED')).then(() => setName(null));
  };
  const addChild = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const c = await orgUnits.create({ name: child.trim(), parentId: u.id });
      setChild('');
      p.onOpen(c.id);
    });
  };
  const addMember = () =>
    newMember &&
    void run(() => orgUnits.setMember(u.id, newMember.id, { role: newRole.trim() || null })).then(() => {
      setNewMember(null);
      setNewRole('');
    });
  const setRole = (m: OrgMember, role: string) =>
    (role.trim() || null) !== m.role &&
    void run(() => orgUnits.setMember(u.id, m.userId, { role: role.trim() || null }));

  const setManager = (m: OrgMember, managerId: string | null) =>
    managerId !== m.managerId && void run(() => orgUnits.setMember(u.id, m.userId, { managerId }), t('ORGUNITS.SAVED'));

  return (
    <Card className="org-editor" aria-label={u.name}>
      <form onSubmit={rename} className="org-row">
        <FormGroup label={t('ORGUNITS.NAME')} labelFor="org-name" inline>
          <InputGroup id="org-name" value={name ?? u.name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </FormGroup>
        <Button type="submit" text={t('ORGUNITS.SAVE')} disabled={name === null || !name.trim() || name === u.name} />
        <Button
          intent={Intent.DANGER}
          variant="outlined"
          icon="trash"
          text={t('ORGUNITS.DELETE')}
          onClick={() => setConfirm(true)}
        />
      </form>
      <FormGroup label={t('ORGUNITS.HEAD')} labelFor="org-head">
        <ReferenceSuggest
          id="org-head"
          ns="field.user"
          search={searchUsers}
          disabled={false}
          invalid={false}
          onBlur={noop}
          value={head}
          onPick={(i) => void run(() => orgUnits.change(u.id, { headId: i?.id ?? null }), t('ORGUNITS.SAVED'))}
        />
      </FormGroup>
      <div className="org-row">
        <FormGroup label={t('ORGUNITS.TEAM')} labelFor="org-team" inline>
          <HTMLSelect
            id="org-team"
            value={u.teamId ?? ''}
            onChange={(e) =>
              void run(() => orgUnits.change(u.id, { teamId: e.target.value || null }), t('ORGUNITS.SAVED'))
            }
            options={[
              { value: '', label: t('ORGUNITS.NO_TEAM') },
              ...(teams.data ?? []).map((x) => ({ value: x.id, label: x.name })),
            ]}
          />
        </FormGroup>
        <FormGroup label={t('ORGUNITS.MOVE')} labelFor="org-move" inline>
          <HTMLSelect
            id="org-move"
            value={u.parentId ?? ''}
            onChange={(e) => void run(() => orgUnits.move(u.id, e.target.value || null), t('ORGUNITS.MOVED'))}
            options={[{ value: '', label: t('ORGUNITS.TOP') }, ...moveOptions]}
          />
        </FormGroup>
      </div>
      <form onSubmit={addChild} className="org-row">
        <InputGroup
          aria-label={t('ORGUNITS.NEW_CHILD')}
          placeholder={t('ORGUNITS.NEW_CHILD')}
          value={child}
          maxLength={100}
          onChange={(e) => setChild(e.target.value)}
        />
        <Button type="submit" icon="add" disabled={!child.trim()} text={t('ORGUNITS.ADD_CHILD')} />
      </form>
      <h3>{t('ORGUNITS.MEMBERS')}</h3>
      <div className="org-row">
        <div style={{ flex: 1, minWidth: 200 }}>
          <ReferenceSuggest
            id="org-new-member"
            ns="field.user"
            search={searchUsers}
            disabled={false}
            invalid={false}
            onBlur={noop}
            value={newMember}
            onPick={(i) => setNewMember(i ? { id: i.id, label: i.label } : null)}
          />
        </div>
        <InputGroup
          aria-label={t('ORGUNITS.ROLE')}
          placeholder={t('ORGUNITS.ROLE')}
          value={newRole}
          maxLength={60}
          onChange={(e) => setNewRole(e.target.value)}
        />
        <Button
          icon="add"
          intent={Intent.PRIMARY}
          disabled={!newMember}
          text={t('ORGUNITS.ADD_MEMBER')}
          onClick={addMember}
        />
      </div>
      <HTMLTable striped compact aria-label={t('ORGUNITS.MEMBERS')}>
        <thead>
          <tr>
            <th>{t('ORGUNITS.PERSON')}</th>
            <th>{t('ORGUNITS.ROLE')}</th>
            <th>{t('ORGUNITS.MANAGER')}</th>
            <th>
              <span className="visually-hidden">{t('ORGUNITS.ACTIONS')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {u.members.map((m) => (
            <tr key={m.userId} data-testid={`org-member-${m.username}`}>
              <td>{m.fullname}</td>
              <td>
                {m.viaTeam ? (
                  t('ORGUNITS.VIA_TEAM')
                ) : (
                  <InputGroup
                    small
                    aria-label={t('ORGUNITS.ROLE_OF', { name: m.fullname })}
                    defaultValue={m.role ?? ''}
                    maxLength={60}
                    onBlur={(e) => setRole(m, e.target.value)}
                  />
                )}
              </td>
              <td>
                {m.viaTeam ? (
                  (m.managerName ??
                  (u.headName && u.headId !== m.userId ? t('ORGUNITS.HEAD_IS', { name: u.headName }) : ''))
                ) : (
                  <ManagerPicker unit={u} member={m} onPick={(managerId) => setManager(m, managerId)} />
                )}
              </td>
              <td>
                {!m.viaTeam && (
                  <Button
                    size="small"
                    variant="minimal"
                    icon="cross"
                    aria-label={t('ORGUNITS.REMOVE', { name: m.fullname })}
                    onClick={() => void run(() => orgUnits.removeMember(u.id, m.userId))}
                  />
                )}
              </td>
            </tr>
          ))}
          {!u.members.length && (
            <tr>
              <td colSpan={4}>{t('ORGUNITS.NO_MEMBERS')}</td>
            </tr>
          )}
        </tbody>
      </HTMLTable>
      <Alert
        isOpen={confirm}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText={t('ORGUNITS.DELETE')}
        cancelButtonText={t('ORGUNITS.CANCEL')}
        onCancel={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          void run(() => orgUnits.remove(u.id), t('ORGUNITS.DELETED')).then(p.onGone);
        }}
      >
        {t('ORGUNITS.DELETE_CONFIRM', { name: u.name })}
      </Alert>
    </Card>
  );
}

/**
 * A direct member's own manager, picked from the tenant's users; left empty, the unit's head is their manager (shown
 * beneath).
 */
function ManagerPicker(p: { unit: OrgUnitDetail; member: OrgMember; onPick(managerId: string | null): void }) {
  const { t } = useTranslation();
  const { unit: u, member: m } = p;
  const value: RecordRef | null = m.managerId ? { id: m.managerId, label: m.managerName ?? m.managerId } : null;
  return (
    <div aria-label={t('ORGUNITS.MANAGER_OF', { name: m.fullname })} title={t('ORGUNITS.MANAGER_HINT')}>
      <ReferenceSuggest
        id={`org-manager-${m.username}`}
        ns="field.user"
        search={searchUsers}
        disabled={false}
        invalid={false}
        onBlur={noop}
        value={value}
        onPick={(i) => p.onPick(i?.id ?? null)}
      />
      {!value && u.headName && u.headId !== m.userId && (
        <small className="org-head">{t('ORGUNITS.HEAD_IS', { name: u.headName })}</small>
      )}
    </div>
  );
}
