import { useEffect, useState } from 'react';
import {
  Button,
  ButtonGroup,
  Checkbox,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  Icon,
  InputGroup,
  NonIdealState,
  Spinner,
  type IconName,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorMessage } from '../api/client';
import { toastError, toastSuccess } from '../components/toaster';
import { move } from './list-move';
import { SEARCH_DELAY_MS } from './layout';
import { ShellPopover } from './ShellPopover';
import {
  QUICK_LAUNCH_PAGE,
  useQuickLaunch,
  useQuickLaunchApps,
  useSaveQuickLaunch,
  type QuickLaunchItem,
} from './quick-launch';

const appIcon = (name: string | null | undefined) => (name || 'application') as IconName;

/** Choose quick-launch apps from a paged list and put them in order. */
function QuickLaunchDialog({ current, onClose }: { current: QuickLaunchItem[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<QuickLaunchItem[]>(current);
  const [page, setPage] = useState(1);
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const apps = useQuickLaunchApps(page, search, true);
  const save = useSaveQuickLaunch();
  useEffect(() => {
    const term = input.trim();
    if (term === search) return;
    // Only a new term goes back to page 1: paging right after the dialog opens must stick.
    const id = setTimeout(() => {
      setSearch(term);
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(id);
  }, [input, search]);
  const pages = Math.max(1, Math.ceil((apps.data?.recordsFiltered ?? 0) / QUICK_LAUNCH_PAGE));
  const isChosen = (id: string) => chosen.some((c) => c.id === id);
  const toggle = (item: QuickLaunchItem, on: boolean) =>
    setChosen((list) => (on ? [...list, item] : list.filter((c) => c.id !== item.id)));
  const onSave = () =>
    save.mutate(
      { before: current.map((c) => c.id), after: chosen.map((c) => c.id) },
      {
        onSuccess: () => {
          void toastSuccess(t('SHELL.QUICK_LAUNCH.SAVED'));
          onClose();
        },
        onError: (e) => void toastError(errorMessage(e)),
      },
    );
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('SHELL.QUICK_LAUNCH.EDIT')}
      className="quick-launch-dialog"
      portalClassName="shell-overlay"
    >
      <DialogBody>
        <div className="quick-launch-columns">
          <section aria-labelledby="ql-available">
            <h3 id="ql-available" className={Classes.HEADING}>
              {t('SHELL.QUICK_LAUNCH.AVAILABLE')}
            </h3>
            <InputGroup
              leftIcon="search"
              type="search"
              value={input}
              placeholder={t('SHELL.QUICK_LAUNCH.SEARCH')}
              aria-label={t('SHELL.QUICK_LAUNCH.SEARCH')}
              onChange={(e) => setInput(e.target.value)}
            />
            {apps.isLoading && <Spinner size={20} />}
            <ul className="quick-launch-list" data-testid="quick-launch-available">
              {(apps.data?.data ?? []).map((a) => (
                <li key={a.id}>
                  <Checkbox
                    checked={isChosen(a.id)}
                    label={a.display_name}
                    onChange={(e) => toggle(a, e.currentTarget.checked)}
                  />
                </li>
              ))}
              {apps.isSuccess && !apps.data.data.length && <li className="muted">{t('SHELL.QUICK_LAUNCH.NONE')}</li>}
            </ul>
            <div className="quick-launch-pager">
              <Button
                size="small"
                icon="chevron-left"
                aria-label={t('SHELL.QUICK_LAUNCH.PREVIOUS')}
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              />
              <span>{t('SHELL.QUICK_LAUNCH.PAGE', { page, pages })}</span>
              <Button
                size="small"
                icon="chevron-right"
                aria-label={t('SHELL.QUICK_LAUNCH.NEXT')}
                disabled={page >= pages}
                onClick={() => setPage(page + 1)}
              />
            </div>
          </section>
          <section aria-labelledby="ql-chosen">
            <h3 id="ql-chosen" className={Classes.HEADING}>
              {t('SHELL.QUICK_LAUNCH.CHOSEN')}
            </h3>
            <ol className="quick-launch-list" data-testid="quick-launch-chosen">
              {chosen.map((c, i) => (
                <li key={c.id} className="quick-launch-row">
                  <Icon icon={appIcon(c.app_icon)} />
                  <span className="quick-launch-name">{c.display_name}</span>
                  <ButtonGroup variant="minimal">
                    <Button
                      size="small"
                      icon="arrow-up"
                      disabled={i === 0}
                      aria-label={t('SHELL.QUICK_LAUNCH.UP', { name: c.display_name })}
                      onClick={() => setChosen(move(chosen, i, -1))}
                    />
                    <Button
                      size="small"
                      icon="arrow-down"
                      disabled={i === chosen.length - 1}
                      aria-label={t('SHELL.QUICK_LAUNCH.DOWN', { name: c.display_name })}
                      onClick={() => setChosen(move(chosen, i, 1))}
                    />
                    <Button
                      size="small"
                      icon="cross"
                      aria-label={t('SHELL.QUICK_LAUNCH.REMOVE', { name: c.display_name })}
                      onClick={() => toggle(c, false)}
                    />
                  </ButtonGroup>
                </li>
              ))}
              {!chosen.length && <li className="muted">{t('SHELL.QUICK_LAUNCH.EMPTY')}</li>}
            </ol>
          </section>
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('SHELL.QUICK_LAUNCH.CANCEL')} onClick={onClose} />
            <Button intent="primary" text={t('SHELL.QUICK_LAUNCH.SAVE')} loading={save.isPending} onClick={onSave} />
          </>
        }
      />
    </Dialog>
  );
}

/** Topbar quick launch: the user's apps as tiles opening a new item, and a dialog to choose them. */
export function QuickLaunch() {
  const { t } = useTranslation();
  const ql = useQuickLaunch();
  const [editing, setEditing] = useState(false);
  const [open, setOpen] = useState(false);
  const items = ql.data?.items ?? [];
  const content = (
    <div className="quick-launch-panel" data-testid="quick-launch-panel">
      <strong>{t('SHELL.QUICK_LAUNCH.TITLE')}</strong>
      {ql.isLoading && <Spinner size={20} />}
      {ql.isSuccess && !items.length && (
        <NonIdealState icon="applications" description={t('SHELL.QUICK_LAUNCH.EMPTY')} />
      )}
      <div className="quick-launch-tiles">
        {items.map((a) => (
          <Link key={a.id} to={`/item-editor/${a.id}`} className="quick-launch-tile" onClick={() => setOpen(false)}>
            <Icon icon={appIcon(a.app_icon)} size={24} />
            <span>{a.display_name}</span>
          </Link>
        ))}
      </div>
      <Button
        icon="edit"
        variant="minimal"
        text={t('SHELL.QUICK_LAUNCH.EDIT')}
        onClick={() => {
          setOpen(false);
          setEditing(true);
        }}
      />
    </div>
  );
  return (
    <>
      <ShellPopover
        content={() => content}
        placement="bottom-end"
        isOpen={open}
        onInteraction={setOpen}
        portalClassName="shell-overlay"
      >
        <Button variant="minimal" icon="grid-view" aria-label={t('SHELL.QUICK_LAUNCH.TITLE')} />
      </ShellPopover>
      {editing && ql.isSuccess && <QuickLaunchDialog current={items} onClose={() => setEditing(false)} />}
    </>
  );
}
