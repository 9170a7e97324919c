import type { ReactNode } from 'react';
import type { AuthConfig } from '../state/auth';

/**
 * Who may open a signed-in route (spec section 6). `everyone`: any signed-in user; `designer`: full users,
 * consultants and administrators; `admin`: system administrators, administrators and consultants; `sysAdmin`:
 * system administrators only. Anyone else lands on /404.
 */
export type Access = 'everyone' | 'designer' | 'admin' | 'sysAdmin';

export interface AppRoute {
  path: string;
  element: ReactNode;
  access: Access;
}

type Flags = Pick<AuthConfig, 'isSysAdmin' | 'isAdministrator' | 'isFullUser' | 'isConsultant'>;

export function canAccess(access: Access, c: Flags | null | undefined): boolean {
  if (!c) return false;
  switch (access) {
    case 'everyone':
      return true;
    case 'designer':
      return c.isFullUser || c.isConsultant || c.isAdministrator || c.isSysAdmin;
    case 'admin':
      return c.isSysAdmin || c.isAdministrator || c.isConsultant;
    case 'sysAdmin':
      return c.isSysAdmin;
  }
}

/** A feature's routes live in src/app/routes/<feature>.routes.tsx and export `routes: AppRoute[]`. */
export const defineRoutes = (routes: AppRoute[]) => routes;
