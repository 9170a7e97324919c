import { useEffect, useState } from 'react';
import { Button, ButtonGroup, Card, HTMLSelect, HTMLTable, InputGroup, Intent, Spinner, Tag } from '@blueprintjs/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { toastError } from '../../components/toaster';
import { LICENCES, people, type ManagedUser } from './api';
import { queryKeys } from '../../realtime/query-keys';

const PAGE_SIZES = [10, 20, 50, 100];

export function RoleTags({
  u,
}: {
  u: Pick<ManagedUser, 'isSysAdmin' | 'isAdministrator' | 'isFullUser' | 'isConsultant'>;
}) {
  const { t } = useTranslation();
  const roles = [
    u.isSysAdmin && 'SYS_ADMIN',
    u.isAdministrator && 'ADMINISTRATOR',
    u.isConsultant && 'CONSULTANT',
    u.isFullUser && 'FULL_USER',
  ].filter(Boolean) as string[];
  return (
    <>
      {roles.map((r) => (
        <Tag key={r} minimal className="role-tag">
          {t(`ROLES.${r}`)}
        </Tag>
      ))}
    </>
  );
}

/** Users by licence kind: search, pages, deactivate and reactivate; create and edit open the user detail. */
export function UserManagementPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { license = 'FULL_USER' } = useParams();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [length, setLength] = useState(10);
  useEffect(() => {
    const id = setTimeout(() => {
      setSearch(input);
      setPage(1);
    }, 300);
    return () => clearTimeout(id);
  }, [input]);
  const list = useQuery({
    queryKey: queryKeys.peopleUsers([license, search, page, length]),
    queryFn: () => people.list({ license, search, page, length }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const toggle = async (u: ManagedUser) => {
    try {
      await people.setActive(u.id, u.status !== 'active');
      void qc.invalidateQueries({ queryKey: queryKeys.people });
    } catch (err) {
      void toastError(errorMessage(err));
    }
  };
  const pages = Math.max(1, Math.ceil((list.data?.recordsFiltered ?? 0) / length));

  return (
    <Card className="settings-card wide">
      <div className="people-toolbar">
        <ButtonGroup aria-label={t('PEOPLE.USER.LICENCE')}>
          {LICENCES.map((l) => (
            <Button
              key={l}
              active={l === license}
              aria-pressed={l === license}
              text={t(`PEOPLE.LICENCE.${l}`)}
              onClick={() => {
                setPage(1);
                navigate(`/settings/user-management/${l}`);
              }}
            />
          ))}
        </ButtonGroup>
        <InputGroup
          leftIcon="search"
          type="search"
          placeholder={t('PEOPLE.USERS.SEARCH')}
          aria-label={t('PEOPLE.USERS.SEARCH')}
          value={input}
          onChange={(e) => setInput(e.target.value)}
        />
        <Button
          intent={Intent.PRIMARY}
          icon="add"
          text={t('PEOPLE.USERS.ADD')}
          onClick={() => navigate(`/settings/user-detail?license=${license}`)}
        />
      </div>
      {list.isLoading ? (
        <Spinner />
      ) : (
        <HTMLTable striped interactive className="people-table" aria-label={t('PEOPLE.USERS.TITLE')}>
          <thead>
            <tr>
              <th>{t('PEOPLE.USER.USERNAME')}</th>
              <th>{t('PEOPLE.USER.FULLNAME')}</th>
              <th>{t('PEOPLE.USER.EMAIL')}</th>
              <th>{t('PEOPLE.USER.ROLES')}</th>
              <th>{t('PEOPLE.USER.STATUS')}</th>
              <th>
                <span className="visually-hidden">{t('PEOPLE.USERS.ACTIONS')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(list.data?.data ?? []).map((u) => (
              <tr key={u.id} data-testid={`user-row-${u.username}`}>
                <td>
                  <Link to={`/settings/user-detail?id=${u.id}`}>{u.username}</Link>
                </td>
                <td>{u.fullname}</td>
                <td>{u.email}</td>
                <td>
                  <RoleTags u={u} />
                </td>
                <td>
                  <Tag intent={u.status === 'active' ? Intent.SUCCESS : Intent.NONE} minimal>
                    {t(`PEOPLE.STATUS.${u.status}`)}
                  </Tag>
                </td>
                <td>
                  <Button
                    size="small"
                    variant="minimal"
                    text={t(u.status === 'active' ? 'PEOPLE.USER.DEACTIVATE' : 'PEOPLE.USER.REACTIVATE')}
                    onClick={() => void toggle(u)}
                  />
                </td>
              </tr>
            ))}
            {list.data && !list.data.data.length && (
              <tr>
                <td colSpan={6}>{t('PEOPLE.USERS.EMPTY')}</td>
              </tr>
            )}
          </tbody>
        </HTMLTable>
      )}
      <div className="people-pager">
        <HTMLSelect
          aria-label={t('PEOPLE.PAGE_SIZE')}
          value={length}
          onChange={(e) => {
            setLength(Number(e.target.value));
            setPage(1);
          }}
          options={PAGE_SIZES}
        />
        <Button
          variant="minimal"
          icon="chevron-left"
          aria-label={t('PEOPLE.PREVIOUS')}
          disabled={page <= 1}
          onClick={() => setPage(page - 1)}
        />
        <span>{t('PEOPLE.PAGE_OF', { page, pages })}</span>
        <Button
          variant="minimal"
          icon="chevron-right"
          aria-label={t('PEOPLE.NEXT')}
          disabled={page >= pages}
          onClick={() => setPage(page + 1)}
        />
        <span className="people-total">{t('PEOPLE.TOTAL', { count: list.data?.recordsFiltered ?? 0 })}</span>
      </div>
    </Card>
  );
}
