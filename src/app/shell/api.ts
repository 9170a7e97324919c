import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { api, call, type Envelope } from '../api/client';
import { configAtom } from '../state/auth';
import { queryKeys } from '../realtime/query-keys';

/** Shapes from the server's route schemas (one definition, types derived). */
export type { Favourite, MenuItem, TreeNode } from '../../server/sys/schemas';
import type { Favourite, MenuItem, TreeNode } from '../../server/sys/schemas';

const MENU = '/sys/permissions/menu';
/** Shell queries never go stale by time (spec), so they are keyed by user: a new sign-in starts fresh. */
const useUid = () => useAtomValue(configAtom)?.userInfo?.uid ?? '';

export const useMenu = () =>
  useQuery({ queryKey: queryKeys.menuSidebar(useUid()), queryFn: () => call<MenuItem[]>(api.get(`${MENU}/sidebar`)) });
export const useModuleTree = () =>
  useQuery({
    queryKey: queryKeys.menuTree(useUid()),
    queryFn: () => call<TreeNode[]>(api.get(`${MENU}/sidebar/tree`)),
  });
export const useFavourites = () =>
  useQuery({
    queryKey: queryKeys.favourites(useUid()),
    queryFn: () => call<Favourite[]>(api.get('/sys/Favourite/list')),
  });

/** Adds or removes a favourite module, then reloads the list. */
export function useToggleFavourite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ moduleId, on }: { moduleId: string; on: boolean }) => {
      const res = await api.post<Envelope>(on ? '/sys/favourite/add' : '/sys/favourite/remove', { moduleId });
      if (!res.data.success) throw new Error(res.data.message);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.favourites() }),
  });
}

/** Open-task count for the Home badge (GET /api/Task/total answers a number). */
export const useTaskTotal = () =>
  useQuery({ queryKey: queryKeys.taskTotal(useUid()), queryFn: () => call<number>(api.get('/Task/total')) });

/** The bell's data: the notifications feature's first page (shared query key, so pushed events raise the badge). */
export { useLatestNotifications as useNotifications } from '../pages/notifications/hooks';
