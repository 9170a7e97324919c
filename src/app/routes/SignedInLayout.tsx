import { Outlet, useSearchParams } from 'react-router-dom';
import { RequireAuth } from '../auth/RequireAuth';
import { RealtimeProvider } from '../realtime/RealtimeProvider';
import { Shell } from '../shell/Shell';

/** Every signed-in route renders inside the application shell, unless opened with ?layout=full. */
export function SignedInLayout() {
  const [params] = useSearchParams();
  return (
    <RequireAuth>
      <RealtimeProvider />
      {params.get('layout') === 'full' ? <Outlet /> : <Shell>{<Outlet />}</Shell>}
    </RequireAuth>
  );
}
