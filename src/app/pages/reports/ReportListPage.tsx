import { useDeferredValue, useState } from 'react';
import {
  Alert,
  Button,
  H3,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
} from '@blueprintjs/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { Pager } from '../../components/Pager';
import { toastError, toastSuccess } from '../../components/toaster';
import { useFormatDate } from '../../shell/dates';
import { deleteReport, listReports, reportFolders, reportKeys, type Report } from './api';
import './reports.css';

const LENGTH = 25;

/** /reports: the reports the user owns or that are shared with them, by name and folder; open, edit, delete. */
export function ReportListPage() {
  const { t } = useTranslation();
  const fmt = useFormatDate();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim());
  const [folder, setFolder] = useState('');
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<Report | null>(null);
  const folders = useQuery({ queryKey: reportKeys.folders, queryFn: reportFolders });
  const list = useQuery({
    queryKey: reportKeys.list(term, folder, page),
    queryFn: () => listReports({ search: term, folder, page, length: LENGTH }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteReport(id),
    onSuccess: () => {
      void toastSuccess(t('REPORTS.DELETED'));
      setDeleting(null);
      void qc.invalidateQueries({ queryKey: reportKeys.all });
    },
    onError: (e) => void toastError(errorMessage(e)),
  });
  const pages = Math.max(1, Math.ceil((list.data?.recordsFiltered ?? 0) / LENGTH));
  return (
    <div className="report-page">
      <header className="report-header">
        <H3>{t('REPORTS.LIST_TITLE')}</H3>
        <span className="spacer" />
        <Button icon="search-template" text={t('REPORTS.QUICK_TITLE')} onClick={() => navigate('/inquiry')} />
        <Button intent="primary" icon="add" text={t('REPORTS.NEW')} onClick={() => navigate('/report-designer')} />
      </header>
      <div className="report-filters" role="search">
        <InputGroup
          type="search"
          leftIcon="search"
          aria-label={t('REPORTS.SEARCH')}
          placeholder={t('REPORTS.SEARCH')}
          value={search}
          onValueChange={(v) => {
            setSearch(v);
            setPage(1);
          }}
        />
        <HTMLSelect
          aria-label={t('REPORTS.FOLDER')}
          value={folder}
          onChange={(e) => {
            setFolder(e.target.value);
            setPage(1);
          }}
          options={[
            { value: '', label: t('REPORTS.ALL_FOLDERS') },
            ...(folders.data ?? []).map((f) => ({ value: f, label: f })),
          ]}
        />
      </div>
      {list.isLoading ? (
        <Spinner />
      ) : list.error ? (
        <NonIdealState icon="error" title={errorMessage(list.error)} />
      ) : !list.data?.data.length ? (
        <NonIdealState icon="th-list" title={t('REPORTS.NONE')} />
      ) : (
        <HTMLTable striped className="report-list" aria-label={t('REPORTS.LIST_TITLE')}>
          <thead>
            <tr>
              <th>{t('REPORTS.NAME')}</th>
              <th>{t('REPORTS.FOLDER')}</th>
              <th>{t('REPORTS.APP')}</th>
              <th>{t('REPORTS.OWNER')}</th>
              <th>{t('REPORTS.MODIFIED')}</th>
              <th>
                <span className="visually-hidden">{t('REPORTS.ACTIONS')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.data.map((r) => (
              <tr key={r.id} data-testid={`report-row-${r.name}`}>
                <td>
                  <Link to={`/report-viewer?id=${encodeURIComponent(r.id)}`} data-tenant-text>
                    {r.name}
                  </Link>
                </td>
                <td data-tenant-text>{r.folder || '—'}</td>
                <td data-tenant-text>{r.moduleName ?? '—'}</td>
                <td data-tenant-text>{r.ownerName ?? '—'}</td>
                <td>{fmt(r.modifiedOn, true)}</td>
                <td className="report-actions">
                  {r.editable && (
                    <>
                      <Button
                        size="small"
                        variant="minimal"
                        icon="edit"
                        aria-label={t('REPORTS.EDIT', { name: r.name })}
                        onClick={() => navigate(`/report-designer?id=${encodeURIComponent(r.id)}`)}
                      />
                      <Button
                        size="small"
                        variant="minimal"
                        icon="trash"
                        intent={Intent.DANGER}
                        aria-label={t('REPORTS.DELETE', { name: r.name })}
                        onClick={() => setDeleting(r)}
                      />
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <Pager
        page={page}
        pages={pages}
        onPage={setPage}
        texts={{
          previous: t('REPORTS.PREVIOUS'),
          next: t('REPORTS.NEXT'),
          page: t('REPORTS.PAGE', { page, pages }),
        }}
      />
      <Alert
        isOpen={!!deleting}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText={t('REPORTS.DELETE_CONFIRM')}
        cancelButtonText={t('REPORTS.CANCEL')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      >
        {t('REPORTS.CONFIRM_DELETE', { name: deleting?.name ?? '' })}
      </Alert>
    </div>
  );
}
