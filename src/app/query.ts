import { QueryClient } from '@tanstack/react-query';
import axios from 'axios';

/** Spec: stale time infinite, no refetch on focus or reconnect, up to 3 retries and none on 401/403. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      retry: (failureCount, error) => {
        const status = axios.isAxiosError(error) ? error.response?.status : undefined;
        if (status === 401 || status === 403) return false;
        return failureCount < 3;
      },
    },
  },
});
