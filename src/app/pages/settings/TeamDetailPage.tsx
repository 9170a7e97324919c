import { useEffect, useState, type FormEvent } from 'react';
import {
  Button,
  Callout,
  Card,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
  Spinner,
} from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { toastError, toastSuccess } from '../../components/toaster';
import { people } from './api';
import { queryKeys } from '../../realtime/query-keys';

/** One team: rename, delete, add members (search active users) and remove them. */
export function TeamDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const id = useSearchParams()[0].get('id') ?? '';
  const team = useQuery({
    queryKey: queryKeys.peopleTeam(id),
    queryFn: () => people.team(id),
    enabled: !!id,
    staleTime: 0,
  });
  const [name, setName] = useState('');
  const [search, setSearch] = useState('');
  const [pick, setPick] = useState('');
  const candidates = useQuery({
    queryKey: queryKeys.peopleCandidates(search),
    queryFn: () => people.list({ search, page: 1, length: 20 }),
    staleTime: 0,
  });
  useEffect(() => {
    if (team.data) setName(team.data.name);
  }, [team.data]);

  if (!id) return <Callout intent={Intent.WARNING}>{t('PEOPLE.TEAM.MISSING')}</Callout>;
  if (team.isLoading) return <Spinner className="page-spinner" />;
  if (team.isError) return <Callout intent={Intent.DANGER}>{errorMessage(team.error)}</Callout>;

  const refresh = () => qc.invalidateQueries({ queryKey: queryKeys.people });
  const run = async (fn: () => Promise<unknown>, done?: string) => {
    try {
      await fn();
      if (done) void toastSuccess(done);
      await refresh();
    } catch (err) {
      void toastError(errorMessage(err));
    }
  };
  const members = team.data?.members ?? [];
  const memberIds = new Set(members.map((m) => m.id));
  const options = (candidates.data?.data ?? []).filter((u) => u.status === 'active' && !memberIds.has(u.id));

  const rename = (e: FormEvent) => {
    e.preventDefault();
    void run(() => people.renameTeam(id, name.trim()), t('PEOPLE.TEAM.RENAMED'));
  };

  return (
    <Card className="settings-card wide">
      <form onSubmit={rename} className="people-toolbar">
        <FormGroup label={t('PEOPLE.TEAM.NAME')} labelFor="team-rename" inline>
          <InputGroup id="team-rename" value={name} maxLength={40} onChange={(e) => setName(e.target.value)} />
        </FormGroup>
        <Button type="submit" text={t('PEOPLE.TEAM.RENAME')} disabled={!name.trim() || name === team.data?.name} />
        <Button
          intent={Intent.DANGER}
          variant="outlined"
          icon="trash"
          text={t('PEOPLE.TEAM.DELETE')}
          onClick={() =>
            void run(async () => {
              await people.deleteTeam(id);
              navigate('/settings/team-management');
            })
          }
        />
      </form>
      <div className="people-toolbar">
        <InputGroup
          leftIcon="search"
          type="search"
          placeholder={t('PEOPLE.USERS.SEARCH')}
          aria-label={t('PEOPLE.USERS.SEARCH')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <HTMLSelect
          aria-label={t('PEOPLE.TEAM.CHOOSE_MEMBER')}
          value={pick}
          onChange={(e) => setPick(e.target.value)}
          options={[
            { value: '', label: t('PEOPLE.TEAM.CHOOSE_MEMBER') },
            ...options.map((u) => ({ value: u.id, label: `${u.fullname} (${u.username})` })),
          ]}
        />
        <Button
          intent={Intent.PRIMARY}
          icon="add"
          disabled={!pick}
          text={t('PEOPLE.TEAM.ADD_MEMBER')}
          onClick={() => void run(() => people.addMember(id, pick)).then(() => setPick(''))}
        />
      </div>
      <HTMLTable striped className="people-table" aria-label={t('PEOPLE.TEAM.MEMBERS')}>
        <thead>
          <tr>
            <th>{t('PEOPLE.USER.FULLNAME')}</th>
            <th>{t('PEOPLE.USER.USERNAME')}</th>
            <th>{t('PEOPLE.USER.EMAIL')}</th>
            <th>
              <span className="visually-hidden">{t('PEOPLE.USERS.ACTIONS')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <tr key={m.id} data-testid={`member-${m.username}`}>
              <td>{m.fullname}</td>
              <td>{m.username}</td>
              <td>{m.email}</td>
              <td>
                <Button
                  size="small"
                  variant="minimal"
                  icon="cross"
                  aria-label={t('PEOPLE.TEAM.REMOVE', { name: m.fullname })}
                  onClick={() => void run(() => people.removeMember(id, m.id))}
                />
              </td>
            </tr>
          ))}
          {!members.length && (
            <tr>
              <td colSpan={4}>{t('PEOPLE.TEAM.NO_MEMBERS')}</td>
            </tr>
          )}
        </tbody>
      </HTMLTable>
    </Card>
  );
}
