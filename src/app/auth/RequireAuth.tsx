import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, useLocation } from 'react-router-dom';
import { authTokenAtom, tokenExpired } from '../state/auth';
import { loginUrl } from './return-url';
import { SessionWatcher } from '../session/SessionWatcher';

/** Guards signed-in routes: no token → sign-in with ReturnUrl; an already expired token → /logout. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useAtomValue(authTokenAtom);
  const location = useLocation();
  if (!token) return <Navigate to={loginUrl(location.pathname + location.search)} replace />;
  if (tokenExpired(token)) return <Navigate to="/logout" replace />;
  return (
    <>
      <SessionWatcher />
      {children}
    </>
  );
}

/** Signed-in visitors of the sign-in pages go on to ReturnUrl or home. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const token = useAtomValue(authTokenAtom);
  const location = useLocation();
  if (token && !tokenExpired(token)) {
    const ret = new URLSearchParams(location.search).get('ReturnUrl');
    return <Navigate to={ret && ret.startsWith('/') && !ret.startsWith('//') ? ret : '/'} replace />;
  }
  return <>{children}</>;
}
