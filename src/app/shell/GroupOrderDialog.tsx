import { useEffect, useRef, useState } from 'react';
import { Button, ButtonGroup, Dialog, DialogBody, DialogFooter, Icon, Spinner, type IconName } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { useTranslation } from 'react-i18next';
import { api, call, errorMessage, type Envelope } from '../api/client';
import { toastError, toastSuccess } from '../components/toaster';
import { move } from './list-move';
import type { Category } from '../../server/apps/categories/schemas';
import { queryKeys } from '../realtime/query-keys';

/** An app group as the server lists it (its route schemas, types derived). */
type Group = Category;

/** Orders the app groups of the sidebar tree (PUT /api/sys/permissions/menu/sidebar/order); for managers. */
export function GroupOrderDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const groups = useQuery({
    queryKey: queryKeys.categoryList,
    queryFn: () => call<Group[]>(api.get('/form/Editor/category/list')),
    staleTime: 0,
  });
  const [order, setOrder] = useState<Group[]>([]);
  // The order being edited is the user's: a refresh while the dialog is open (another manager's change pushed over
  // the hub) does not undo it; the server answers a save that no longer fits the groups.
  const loaded = useRef(false);
  useEffect(() => {
    if (!groups.data || loaded.current) return;
    loaded.current = true;
    setOrder(groups.data);
  }, [groups.data]);
  const save = useMutation({
    mutationFn: async (ids: string[]) => {
      const res = await api.put<Envelope>('/sys/permissions/menu/sidebar/order', { order: ids });
      if (!res.data.success) throw new Error(res.data.message);
      return res.data.message;
    },
    onSuccess: (message) => {
      void toastSuccess(message || t('SHELL.GROUP_ORDER.SAVED'));
      void qc.invalidateQueries({ queryKey: queryKeys.menuTree() });
      void qc.invalidateQueries({ queryKey: queryKeys.categories });
      onClose();
    },
    // The server's message when it sent one, else the spec's words.
    onError: (e) => {
      const sent = isAxiosError<Envelope>(e) ? e.response?.data?.message : e.message;
      void toastError(sent || t('SHELL.GROUP_ORDER.FAILED'));
    },
  });
  return (
    <Dialog isOpen onClose={onClose} title={t('SHELL.GROUP_ORDER.TITLE')} portalClassName="shell-overlay">
      <DialogBody>
        {groups.isLoading && <Spinner size={20} />}
        {groups.isError && <p role="alert">{errorMessage(groups.error)}</p>}
        {groups.isSuccess && !order.length && <p className="muted">{t('SHELL.GROUP_ORDER.EMPTY')}</p>}
        <ol className="quick-launch-list" data-testid="group-order">
          {order.map((g, i) => (
            <li key={g.id} className="quick-launch-row">
              <Icon icon={(g.icon || 'folder-close') as IconName} />
              <span className="quick-launch-name">{g.category_name}</span>
              <ButtonGroup variant="minimal">
                <Button
                  size="small"
                  icon="arrow-up"
                  disabled={i === 0}
                  aria-label={t('SHELL.GROUP_ORDER.UP', { name: g.category_name })}
                  onClick={() => setOrder(move(order, i, -1))}
                />
                <Button
                  size="small"
                  icon="arrow-down"
                  disabled={i === order.length - 1}
                  aria-label={t('SHELL.GROUP_ORDER.DOWN', { name: g.category_name })}
                  onClick={() => setOrder(move(order, i, 1))}
                />
              </ButtonGroup>
            </li>
          ))}
        </ol>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('SHELL.QUICK_LAUNCH.CANCEL')} onClick={onClose} />
            <Button
              intent="primary"
              text={t('SHELL.QUICK_LAUNCH.SAVE')}
              disabled={!order.length}
              loading={save.isPending}
              onClick={() => save.mutate(order.map((g) => g.id))}
            />
          </>
        }
      />
    </Dialog>
  );
}
