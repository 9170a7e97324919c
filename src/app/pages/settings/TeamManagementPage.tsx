import { useState, type FormEvent } from 'react';
import { Button, Card, FormGroup, HTMLTable, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { toastError } from '../../components/toaster';
import { people } from './api';
import { queryKeys } from '../../realtime/query-keys';

/** Teams of the organisation, with member counts; a new team opens its detail page. */
export function TeamManagementPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const teams = useQuery({ queryKey: queryKeys.peopleTeams, queryFn: () => people.teams(), staleTime: 0 });
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      const team = await people.createTeam(name.trim());
      void qc.invalidateQueries({ queryKey: queryKeys.peopleTeams });
      navigate(`/settings/team-management/detail?id=${team.id}`);
    } catch (err) {
      void toastError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card className="settings-card wide">
      <form onSubmit={create} className="people-toolbar">
        <FormGroup label={t('PEOPLE.TEAM.NEW')} labelFor="team-name" inline>
          <InputGroup id="team-name" value={name} maxLength={40} onChange={(e) => setName(e.target.value)} />
        </FormGroup>
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          icon="add"
          loading={saving}
          disabled={!name.trim()}
          text={t('PEOPLE.TEAM.CREATE')}
        />
      </form>
      {teams.isLoading ? (
        <Spinner />
      ) : (
        <HTMLTable striped className="people-table" aria-label={t('PEOPLE.TEAM.LIST')}>
          <thead>
            <tr>
              <th>{t('PEOPLE.TEAM.NAME')}</th>
              <th>{t('PEOPLE.TEAM.MEMBERS')}</th>
            </tr>
          </thead>
          <tbody>
            {(teams.data ?? []).map((tm) => (
              <tr key={tm.id}>
                <td>
                  <Link to={`/settings/team-management/detail?id=${tm.id}`}>{tm.name}</Link>
                </td>
                <td>{tm.member_count}</td>
              </tr>
            ))}
            {teams.data && !teams.data.length && (
              <tr>
                <td colSpan={2}>{t('PEOPLE.TEAM.EMPTY')}</td>
              </tr>
            )}
          </tbody>
        </HTMLTable>
      )}
    </Card>
  );
}
