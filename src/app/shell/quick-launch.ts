import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { api, call } from '../api/client';
import { configAtom } from '../state/auth';
import { queryKeys } from '../realtime/query-keys';

/** Shapes from the server's route schemas (one definition, types derived). */
export type { QuickLaunchItem, QuickLaunchRow } from '../../server/sys/schemas';
import type { QuickLaunch, QuickLaunchPage } from '../../server/sys/schemas';

const QL = '/sys/userpreference/quicklaunch';
export const QUICK_LAUNCH_PAGE = 10;
const useUid = () => useAtomValue(configAtom)?.userInfo?.uid ?? '';

/** The user's quick-launch apps, in their order. */
export const useQuickLaunch = () =>
  useQuery({
    queryKey: queryKeys.quickLaunch(useUid()),
    queryFn: () => call<QuickLaunch>(api.get(QL)),
  });

/** One page of the apps a user may put on quick launch (POST quicklaunchapps/datatables). */
export const useQuickLaunchApps = (page: number, search: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.quickLaunchApps(useUid(), page, search),
    enabled,
    queryFn: () =>
      call<QuickLaunchPage>(
        api.post('/sys/userpreference/quicklaunchapps/datatables', {
          page,
          length: QUICK_LAUNCH_PAGE,
          search: { value: search },
        }),
      ),
  });

/**
 * Saves a new choice: a changed set goes through PUT quicklaunch (which keeps the given order); a mere
 * reordering of the same apps goes through PATCH sortupdate.
 */
export function useSaveQuickLaunch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ before, after }: { before: string[]; after: string[] }) => {
      const sameSet = before.length === after.length && after.every((id) => before.includes(id));
      if (sameSet)
        await call(api.patch('/sys/user/preference/sortupdate', { data: after.map((id, index) => ({ id, index })) }));
      else await call(api.put(QL, { apps: after }));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.quickLaunch() }),
  });
}
