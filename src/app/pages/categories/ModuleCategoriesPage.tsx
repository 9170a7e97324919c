import { useState, type FormEvent } from 'react';
import {
  Button,
  ButtonGroup,
  FormGroup,
  H3,
  HTMLTable,
  Icon,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  type IconName,
} from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import axios from 'axios';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '../../api/client';
import { toastError, toastSuccess } from '../../components/toaster';
import { IconPicker } from '../../components/IconPicker/IconPicker';
import { deleteCategory, fetchCategories, orderCategories, saveCategory, type Category } from '../apps/api';
import '../apps/apps.css';
import { queryKeys } from '../../realtime/query-keys';

/** Runs a group call and shows the server's message, or the spec's default text (section 8). */
async function groupCall(p: Promise<{ data: Envelope }>, ok: string, failed: string): Promise<boolean> {
  try {
    const res = await p;
    if (!res.data.success) throw new Error(res.data.message || failed);
    void toastSuccess(res.data.message || ok);
    return true;
  } catch (err) {
    const msg = axios.isAxiosError(err)
      ? (err.response?.data as Envelope | undefined)?.message
      : err instanceof Error
        ? err.message
        : undefined;
    void toastError(msg || failed);
    return false;
  }
}

/** /module-categories: app groups, saved, renamed, reordered and deleted. */
export function ModuleCategoriesPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: queryKeys.categories, queryFn: fetchCategories });
  const [editing, setEditing] = useState<Pick<Category, 'category_name' | 'icon'> & { id?: string }>({
    category_name: '',
    icon: 'folder-close',
  });
  const [busy, setBusy] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: queryKeys.categories });

  async function run(p: () => Promise<{ data: Envelope }>, ok: string, failed: string) {
    setBusy(true);
    const done = await groupCall(p(), ok, failed);
    setBusy(false);
    await refresh();
    return done;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (await run(() => saveCategory(editing), 'Group has been saved', 'Failed to save group'))
      setEditing({ category_name: '', icon: 'folder-close' });
  }

  function move(i: number, by: -1 | 1) {
    const ids = (list.data ?? []).map((c) => c.id);
    const [id] = ids.splice(i, 1);
    ids.splice(i + by, 0, id!);
    void run(() => orderCategories(ids), 'App group order saved', 'Failed to order App Group');
  }

  return (
    <main className="apps-page">
      <header className="apps-header">
        <H3>{t('CATEGORIES.TITLE')}</H3>
      </header>
      <form className="category-form" onSubmit={submit}>
        <FormGroup label={t('CATEGORIES.NAME')} labelFor="category-name" inline>
          <InputGroup
            id="category-name"
            value={editing.category_name}
            disabled={busy}
            onValueChange={(v) => setEditing((x) => ({ ...x, category_name: v }))}
          />
        </FormGroup>
        <FormGroup label={t('CATEGORIES.ICON')} labelFor="category-icon" inline>
          <IconPicker
            id="category-icon"
            value={editing.icon ?? 'folder-close'}
            disabled={busy}
            onChange={(icon) => setEditing((x) => ({ ...x, icon }))}
          />
        </FormGroup>
        <ButtonGroup>
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            icon="floppy-disk"
            loading={busy}
            text={t(editing.id ? 'CATEGORIES.SAVE' : 'CATEGORIES.ADD')}
          />
          {editing.id && (
            <Button text={t('COMMON.CANCEL')} onClick={() => setEditing({ category_name: '', icon: 'folder-close' })} />
          )}
        </ButtonGroup>
      </form>
      {list.isLoading ? (
        <Spinner className="page-spinner" />
      ) : !list.data?.length ? (
        <NonIdealState icon="folder-close" title={t('CATEGORIES.EMPTY')} />
      ) : (
        <HTMLTable striped className="apps-table">
          <tbody>
            {list.data.map((c, i) => (
              <tr key={c.id} data-testid={`category-${c.category_name}`}>
                <td>
                  <Icon icon={(c.icon || 'folder-close') as IconName} /> {c.category_name}
                </td>
                <td className="category-actions">
                  <ButtonGroup variant="minimal">
                    <Button
                      icon="arrow-up"
                      aria-label={t('CATEGORIES.MOVE_UP')}
                      disabled={busy || i === 0}
                      onClick={() => move(i, -1)}
                    />
                    <Button
                      icon="arrow-down"
                      aria-label={t('CATEGORIES.MOVE_DOWN')}
                      disabled={busy || i === list.data.length - 1}
                      onClick={() => move(i, 1)}
                    />
                    <Button
                      icon="edit"
                      aria-label={t('CATEGORIES.EDIT')}
                      disabled={busy}
                      onClick={() => setEditing(c)}
                    />
                    <Button
                      icon="trash"
                      intent={Intent.DANGER}
                      aria-label={t('CATEGORIES.DELETE')}
                      disabled={busy}
                      onClick={() =>
                        void run(() => deleteCategory(c.id), 'Group has been deleted', 'Failed to delete group')
                      }
                    />
                  </ButtonGroup>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </main>
  );
}
