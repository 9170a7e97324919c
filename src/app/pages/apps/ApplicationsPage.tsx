import { useState } from 'react';
import {
  AnchorButton,
  Button,
  ButtonGroup,
  H3,
  HTMLSelect,
  HTMLTable,
  Icon,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  Tag,
  type IconName,
} from '@blueprintjs/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { configAtom } from '../../state/auth';
import { canAccess } from '../../routes/types';
import { fetchApplications } from './api';
import { CreateAppDialog } from './CreateAppDialog';
import './apps.css';
import { useFormatDate } from '../../shell/dates';
import { queryKeys } from '../../realtime/query-keys';

const PAGE_SIZES = [10, 20, 50, 100];

/** /applications: every app with its status; designers open the designer, everyone opens published apps. */
export function ApplicationsPage() {
  const { t } = useTranslation();
  const fmt = useFormatDate();
  const config = useAtomValue(configAtom);
  const designer = canAccess('designer', config);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [length, setLength] = useState(10);
  const list = useQuery({
    queryKey: queryKeys.applicationList([search, page, length]),
    queryFn: () => fetchApplications({ page, length, search }),
    placeholderData: keepPreviousData,
  });
  const creating = designer && params.get('create') === '1';
  const pages = Math.max(1, Math.ceil((list.data?.recordsFiltered ?? 0) / length));

  const openCreate = () => setParams((p) => (p.set('create', '1'), p));
  const closeCreate = () => setParams((p) => (p.delete('create'), p), { replace: true });

  return (
    <main className="apps-page">
      <header className="apps-header">
        <H3>{t('APPS.TITLE')}</H3>
        <InputGroup
          leftIcon="search"
          placeholder={t('APPS.SEARCH')}
          value={search}
          aria-label={t('APPS.SEARCH')}
          onValueChange={(v) => {
            setSearch(v);
            setPage(1);
          }}
        />
        {designer && <Button intent={Intent.PRIMARY} icon="add" text={t('APPS.CREATE_APP')} onClick={openCreate} />}
      </header>
      {list.isLoading ? (
        <Spinner className="page-spinner" />
      ) : list.isError ? (
        <NonIdealState icon="error" title={errorMessage(list.error)} />
      ) : !list.data?.data.length ? (
        <NonIdealState icon="applications" title={t('APPS.EMPTY')} />
      ) : (
        <HTMLTable striped interactive className="apps-table">
          <thead>
            <tr>
              <th>{t('APPS.COL_NAME')}</th>
              <th>{t('APPS.COL_DESCRIPTION')}</th>
              <th>{t('APPS.COL_STATUS')}</th>
              <th>{t('APPS.COL_VERSION')}</th>
              <th>{t('APPS.COL_MODIFIED')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.data.data.map((a) => (
              <tr key={a.id} data-testid={`app-row-${a.display_name}`}>
                <td>
                  <Icon icon={(a.app_icon || 'home') as IconName} /> {a.display_name}
                </td>
                <td>{a.module_description}</td>
                <td>
                  <Tag intent={a.status === 'Published' ? Intent.SUCCESS : Intent.NONE} minimal>
                    {t(a.status === 'Published' ? 'APPS.PUBLISHED' : 'APPS.DRAFT')}
                  </Tag>
                </td>
                <td>{a.module_version ?? '—'}</td>
                <td>{fmt(a.modified_on)}</td>
                <td>
                  <ButtonGroup variant="minimal">
                    {designer && (
                      <Button
                        icon="edit"
                        text={t('APPS.OPEN_DESIGNER')}
                        onClick={() => navigate(`/form-editor/show/${a.id}`)}
                      />
                    )}
                    {a.status === 'Published' && (
                      <Button
                        icon="document-open"
                        text={t('APPS.OPEN')}
                        onClick={() => navigate(`/item-editor/${a.id}`)}
                      />
                    )}
                  </ButtonGroup>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <footer className="apps-footer">
        <HTMLSelect
          aria-label={t('APPS.PAGE_SIZE')}
          value={length}
          options={PAGE_SIZES}
          onChange={(e) => (setLength(Number(e.currentTarget.value)), setPage(1))}
        />
        <AnchorButton
          icon="chevron-left"
          aria-label={t('APPS.PREVIOUS')}
          disabled={page <= 1}
          onClick={() => setPage(page - 1)}
        />
        <span>{t('APPS.PAGE', { page, pages })}</span>
        <AnchorButton
          icon="chevron-right"
          aria-label={t('APPS.NEXT')}
          disabled={page >= pages}
          onClick={() => setPage(page + 1)}
        />
      </footer>
      {designer && <CreateAppDialog isOpen={creating} onClose={closeCreate} />}
    </main>
  );
}
