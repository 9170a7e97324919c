import { useState } from 'react';
import {
  Button,
  ButtonGroup,
  H3,
  HTMLSelect,
  Intent,
  Menu,
  MenuItem,
  NonIdealState,
  Popover,
  Spinner,
} from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { toastError, toastSuccess } from '../../components/toaster';
import { getDashboard, listDashboards, updateDashboard, type BoardFilters, type Widget } from './api';
import { DashboardGrid } from './DashboardGrid';
import { FilterBar } from './FilterBar';
import { widgetKinds } from './widgets/registry';
import './dashboards.css';

const newId = () => `w${Math.random().toString(36).slice(2, 10)}`;

/** /dashboard?id=: the chosen dashboard (else the first), its shared filters, and edit mode for its owner. */
export function DashboardPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const list = useQuery({ queryKey: ['dashboards', 'list'], queryFn: listDashboards });
  const id = params.get('id') || list.data?.[0]?.id || '';
  const board = useQuery({ queryKey: ['dashboards', 'one', id], queryFn: () => getDashboard(id), enabled: !!id });
  const [filters, setFilters] = useState<BoardFilters>({});
  const [draft, setDraft] = useState<Widget[] | null>(null);
  const editing = draft !== null;
  const save = useMutation({
    mutationFn: () => updateDashboard(id, { layout: draft!, version: board.data!.version }),
    onSuccess: (d) => {
      qc.setQueryData(['dashboards', 'one', id], d);
      void qc.invalidateQueries({ queryKey: ['dashboards', 'list'] });
      setDraft(null);
      void toastSuccess(t('DASHBOARDS.SAVED'));
    },
    onError: (e) => void toastError(errorMessage(e)),
  });

  if (list.isLoading || (id && board.isLoading)) return <Spinner className="page-spinner" />;
  if (list.error || board.error) return <NonIdealState icon="error" title={errorMessage(list.error ?? board.error)} />;
  if (!id || !board.data)
    return (
      <NonIdealState
        icon="dashboard"
        title={t('DASHBOARDS.NONE')}
        action={<Link to="/list-dashboard">{t('DASHBOARDS.CREATE_ONE')}</Link>}
      />
    );
  const d = board.data;
  const widgets = draft ?? d.layout;
  const add = (kind: (typeof widgetKinds)[number]) => {
    const bottom = widgets.reduce((m, w) => Math.max(m, w.y + w.h), 0);
    setDraft([
      ...widgets,
      { i: newId(), x: 0, y: bottom, ...kind.size, kind: kind.kind, settings: { ...kind.defaults } },
    ]);
  };
  return (
    <main className="dash-page">
      <header className="dash-header">
        <H3 data-tenant-text>{d.name}</H3>
        <HTMLSelect
          aria-label={t('DASHBOARDS.CHOOSE_DASHBOARD')}
          value={id}
          disabled={editing}
          onChange={(e) => setParams({ id: e.target.value })}
          options={(list.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
        />
        <span className="spacer" />
        {editing ? (
          <ButtonGroup>
            <Popover
              placement="bottom-end"
              content={
                <Menu aria-label={t('DASHBOARDS.PALETTE')}>
                  {widgetKinds.map((k) => (
                    <MenuItem key={k.kind} icon={k.icon} text={t(k.titleKey)} onClick={() => add(k)} />
                  ))}
                </Menu>
              }
            >
              <Button icon="add" text={t('DASHBOARDS.ADD_WIDGET')} />
            </Popover>
            <Button text={t('DASHBOARDS.CANCEL')} onClick={() => setDraft(null)} />
            <Button
              intent={Intent.PRIMARY}
              icon="floppy-disk"
              text={t('DASHBOARDS.SAVE_LAYOUT')}
              loading={save.isPending}
              onClick={() => save.mutate()}
            />
          </ButtonGroup>
        ) : (
          d.editable && <Button icon="edit" text={t('DASHBOARDS.EDIT')} onClick={() => setDraft(d.layout)} />
        )}
      </header>
      <FilterBar value={filters} onChange={setFilters} />
      {widgets.length ? (
        <DashboardGrid widgets={widgets} filters={filters} editing={editing} onChange={setDraft} />
      ) : (
        <NonIdealState icon="grid-view" title={t('DASHBOARDS.EMPTY')} description={t('DASHBOARDS.EMPTY_HINT')} />
      )}
    </main>
  );
}
