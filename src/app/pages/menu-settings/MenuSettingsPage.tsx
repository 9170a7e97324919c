import { useState } from 'react';
import { Alert, Button, Callout, H3, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { toastError, toastSuccess } from '../../components/toaster';
import { queryKeys } from '../../realtime/query-keys';
import { configAtom } from '../../state/auth';
import {
  loadMenuSettings,
  MENU_SETTINGS_KEY,
  resetMenuSettings,
  saveMenuSettings,
  type EditorNode,
  type MenuSettings,
} from './api';
import { EntryPanel } from './EntryPanel';
import { MaintenanceCard } from './MaintenanceCard';
import { MenuTree } from './MenuTree';
import { findEntry, moveEntry, newLink, nudge, removeEntry, toBody, updateEntry } from './model';
import './menu-settings.css';

/**
 * /settings/menu (administrators and system administrators): the organisation's menu. Entries and groups are
 * reordered by dragging (or the arrows), renamed, given icons, hidden per role kind; links are added; Save applies
 * it to everyone at once (the server pushes MenuChanged). System administrators also find the maintenance switch.
 */
export function MenuSettingsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const config = useAtomValue(configAtom);
  const isSysAdmin = !!config?.isSysAdmin;
  // Consultants see the page (spec section 2) but only administrators change the menu.
  const canEdit = isSysAdmin || !!config?.isAdministrator;
  const settings = useQuery({ queryKey: MENU_SETTINGS_KEY, queryFn: loadMenuSettings });
  const [draft, setDraft] = useState<EditorNode[] | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const items = draft ?? settings.data?.items ?? [];
  const label = (n: EditorNode) => n.label || (n.menu_name ? t(`SHELL.MENU.${n.menu_name}`) : '');
  const edit = (fn: (items: EditorNode[]) => EditorNode[]) => setDraft(fn(items));
  const done = (data: MenuSettings, message: string) => {
    qc.setQueryData(MENU_SETTINGS_KEY, data);
    setDraft(null);
    void qc.invalidateQueries({ queryKey: [...queryKeys.menu, 'sidebar'] });
    void toastSuccess(message);
  };
  const save = useMutation({
    mutationFn: () => saveMenuSettings(toBody(items)),
    onSuccess: (data) => done(data, t('MENU_SETTINGS.SAVED')),
    onError: (err) => void toastError(errorMessage(err)),
  });
  const reset = useMutation({
    mutationFn: resetMenuSettings,
    onSuccess: (data) => (setSelected(null), done(data, t('MENU_SETTINGS.RESET_DONE'))),
    onError: (err) => void toastError(errorMessage(err)),
  });

  if (settings.isPending) return <Spinner className="page-spinner" />;
  if (settings.isError)
    return (
      <NonIdealState icon="error" title={t('COMMON.SOMETHING_WRONG')} description={errorMessage(settings.error)} />
    );
  const current = selected ? findEntry(items, selected)?.node : undefined;
  const addLink = () => {
    const link = newLink(t('MENU_SETTINGS.NEW_LINK'));
    setDraft([link, ...items]);
    setSelected(link.id);
  };
  return (
    <main className="ms-page">
      <header className="ms-header">
        <H3>{t('MENU_SETTINGS.TITLE')}</H3>
        {draft && <Tag intent="warning">{t('MENU_SETTINGS.UNSAVED')}</Tag>}
        <span className="spacer" />
        <Button icon="add" text={t('MENU_SETTINGS.ADD_LINK')} disabled={!canEdit} onClick={addLink} />
        <Button
          icon="reset"
          text={t('MENU_SETTINGS.RESET')}
          disabled={!canEdit || (!settings.data.customized && !draft)}
          onClick={() => setConfirmReset(true)}
        />
        <Button
          intent="primary"
          icon="floppy-disk"
          text={t('MENU_SETTINGS.SAVE')}
          disabled={!draft}
          loading={save.isPending}
          onClick={() => save.mutate()}
        />
      </header>
      <p className="bp6-text-muted">{t('MENU_SETTINGS.ABOUT')}</p>
      {!canEdit && (
        <Callout intent="primary" icon="eye-open" className="ms-read-only">
          {t('MENU_SETTINGS.READ_ONLY')}
        </Callout>
      )}
      <div className="ms-layout">
        <MenuTree
          items={items}
          selected={selected}
          readOnly={!canEdit}
          label={label}
          onSelect={setSelected}
          onMove={(id, drop) => edit((all) => moveEntry(all, id, drop))}
          onNudge={(id, by) => edit((all) => nudge(all, id, by))}
        />
        <div className="ms-side">
          {current ? (
            <EntryPanel
              key={current.id}
              node={current}
              readOnly={!canEdit}
              defaultLabel={current.menu_name ? t(`SHELL.MENU.${current.menu_name}`) : t('MENU_SETTINGS.NEW_LINK')}
              onPatch={(patch) => edit((all) => updateEntry(all, current.id, patch))}
              onRemove={() => (edit((all) => removeEntry(all, current.id)), setSelected(null))}
            />
          ) : (
            <p className="ms-hint">{t('MENU_SETTINGS.SELECT_HINT')}</p>
          )}
          {isSysAdmin && <MaintenanceCard />}
        </div>
      </div>
      <Alert
        isOpen={confirmReset}
        intent="danger"
        icon="reset"
        confirmButtonText={t('MENU_SETTINGS.RESET')}
        cancelButtonText={t('COMMON.CANCEL')}
        onConfirm={() => (setConfirmReset(false), reset.mutate())}
        onCancel={() => setConfirmReset(false)}
      >
        {t('MENU_SETTINGS.RESET_CONFIRM')}
      </Alert>
    </main>
  );
}
