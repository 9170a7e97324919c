import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { api, call } from '../api/client';
import { configAtom } from '../state/auth';
import { DEFAULT_DATE_SETTINGS, formatDate, type DateSettings } from './date-format';
import { queryKeys } from '../realtime/query-keys';

export { formatDate, type DateSettings } from './date-format';

export function useDateSettings(): DateSettings {
  const uid = useAtomValue(configAtom)?.userInfo?.uid ?? '';
  const q = useQuery({
    queryKey: queryKeys.userSettings(uid),
    queryFn: () => call<DateSettings>(api.get('/sys/settings/user')),
    enabled: !!uid,
  });
  return q.data ?? DEFAULT_DATE_SETTINGS;
}

/** `const fmt = useFormatDate(); fmt(row.created_on, true)` */
export function useFormatDate() {
  const s = useDateSettings();
  return (value: string | number | Date | null | undefined, withTime = false) => formatDate(value, s, withTime);
}
