import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate } from 'react-router-dom';
import { configAtom } from '../state/auth';
import { canAccess, type Access } from './types';

/** Sends a signed-in user without the route's role to /404 (the server refuses the same calls with 403). */
export function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  const config = useAtomValue(configAtom);
  if (!canAccess(access, config)) return <Navigate to="/404" replace />;
  return <>{children}</>;
}
