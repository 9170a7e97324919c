import { useState } from 'react';
import { Alert, Button, H3, HTMLTable, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { toastError, toastSuccess } from '../../components/toaster';
import { useFormatDate } from '../../shell/dates';
import { createDashboard, deleteDashboard, listDashboards, updateDashboard, type Dashboard } from './api';
import { DashboardDialog } from './DashboardDialog';
import './dashboards.css';

/** /list-dashboard: the viewer's dashboards and those shared with them; create, rename and share, delete. */
export function DashboardListPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const fmt = useFormatDate();
  const list = useQuery({ queryKey: ['dashboards', 'list'], queryFn: listDashboards });
  const [editing, setEditing] = useState<Dashboard | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Dashboard | null>(null);
  const done = (message: string) => {
    void toastSuccess(message);
    void qc.invalidateQueries({ queryKey: ['dashboards'] });
  };
  const save = useMutation({
    mutationFn: async (v: { name: string; sharedWith: Dashboard['sharedWith'] }) =>
      editing === 'new' || !editing
        ? createDashboard(v)
        : updateDashboard(editing.id, { ...v, version: editing.version }),
    onSuccess: (d) => {
      const created = editing === 'new';
      setEditing(null);
      done(t('DASHBOARDS.SAVED'));
      if (created) navigate(`/dashboard?id=${d.id}`);
    },
    onError: (e) => void toastError(errorMessage(e)),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteDashboard(id),
    onSuccess: () => {
      setDeleting(null);
      done(t('DASHBOARDS.DELETED'));
    },
    onError: (e) => void toastError(errorMessage(e)),
  });
  return (
    <main className="dash-page dash-narrow">
      <header className="dash-header">
        <H3>{t('DASHBOARDS.LIST_TITLE')}</H3>
        <span className="spacer" />
        <Button intent={Intent.PRIMARY} icon="add" text={t('DASHBOARDS.NEW')} onClick={() => setEditing('new')} />
      </header>
      {list.isLoading ? (
        <Spinner />
      ) : list.error ? (
        <NonIdealState icon="error" title={errorMessage(list.error)} />
      ) : !list.data?.length ? (
        <NonIdealState icon="dashboard" title={t('DASHBOARDS.NONE')} />
      ) : (
        <HTMLTable striped aria-label={t('DASHBOARDS.LIST_TITLE')} className="dash-list">
          <thead>
            <tr>
              <th>{t('DASHBOARDS.NAME')}</th>
              <th>{t('DASHBOARDS.OWNER')}</th>
              <th>{t('DASHBOARDS.SHARED')}</th>
              <th>{t('DASHBOARDS.WIDGETS')}</th>
              <th>{t('DASHBOARDS.MODIFIED')}</th>
              <th>
                <span className="visually-hidden">{t('DASHBOARDS.ACTIONS')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((d) => (
              <tr key={d.id} data-testid={`dashboard-row-${d.name}`}>
                <td>
                  <Link to={`/dashboard?id=${d.id}`} data-tenant-text>
                    {d.name}
                  </Link>
                </td>
                <td data-tenant-text>{d.ownerName}</td>
                <td>
                  {d.sharedWith.length ? (
                    <Tag minimal intent={Intent.PRIMARY}>
                      {t('DASHBOARDS.SHARED_COUNT', { n: d.sharedWith.length })}
                    </Tag>
                  ) : (
                    t('DASHBOARDS.PERSONAL')
                  )}
                </td>
                <td>{d.layout.length}</td>
                <td>{fmt(d.modifiedOn, true)}</td>
                <td>
                  {d.editable && (
                    <>
                      <Button
                        small
                        minimal
                        icon="edit"
                        aria-label={t('DASHBOARDS.RENAME', { name: d.name })}
                        onClick={() => setEditing(d)}
                      />
                      <Button
                        small
                        minimal
                        icon="trash"
                        intent={Intent.DANGER}
                        aria-label={t('DASHBOARDS.DELETE', { name: d.name })}
                        onClick={() => setDeleting(d)}
                      />
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {editing && (
        <DashboardDialog
          initial={editing === 'new' ? undefined : editing}
          busy={save.isPending}
          onClose={() => setEditing(null)}
          onSave={(v) => save.mutate(v)}
        />
      )}
      <Alert
        isOpen={!!deleting}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText={t('DASHBOARDS.DELETE_CONFIRM')}
        cancelButtonText={t('DASHBOARDS.CANCEL')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      >
        {t('DASHBOARDS.CONFIRM_DELETE', { name: deleting?.name ?? '' })}
      </Alert>
    </main>
  );
}
