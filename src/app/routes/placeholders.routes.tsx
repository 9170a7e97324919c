import { PlaceholderPage } from '../shell/ShellPages';
import type { Access, AppRoute } from './types';

/**
 * Every signed-in route of spec section 2 with its access level. A feature that builds one of these paths in
 * its own <feature>.routes.tsx wins over the placeholder (router.tsx merges these last, deduplicated by path).
 */
const paths: Record<Access, string[]> = {
  everyone: [
    '/applications',
    '/module/:moduleId',
    '/item-editor/:moduleId',
    '/item-editor/:moduleId/:recordId',
    '/item-editor/:moduleId/:recordId/:taskId',
    '/task-editor/:moduleId',
    '/task-editor/:moduleId/:recordId',
    '/task-editor/:moduleId/:recordId/:taskId',
    '/schedule-editor/:moduleId',
    '/schedule-editor/:moduleId/:recordId',
    '/notifications',
    '/notifications/:id',
  ],
  designer: [
    '/business-intelligence',
    '/business-intelligence-landing',
    '/list-dashboard',
    '/report-designer',
    '/report-viewer',
    '/reports',
    '/inquiry',
    '/dashboard',
    '/dashboard-landing',
    '/bi-reports',
    '/form-editor',
    '/form-editor/show',
    '/form-editor/show/:id',
    '/referencedata',
    '/referencedata/:id',
    '/data-connector',
    '/data-connector/:dcType',
    '/data-connector/:dcType/:recordId',
  ],
  admin: [
    '/settings/menu',
    '/app/organization',
    '/settings/roles-permissions',
    '/settings/organization',
    '/organization',
    '/module-categories',
    '/webhooks',
    '/webhooks/add',
    '/webhooks/:id',
    '/robotic-automation',
    '/robotic-automation/add',
    '/robotic-automation/:id',
    '/connect-hub/travel-management',
  ],
  sysAdmin: ['/process-engine', '/process/dashboard'],
};

// /mtd-corporation-tax is public (router.tsx, ShellPages' MtdRoute): it shows the shell when signed in.
export const placeholders: AppRoute[] = (Object.entries(paths) as [Access, string[]][]).flatMap(([access, list]) =>
  list.map((path) => ({ path, access, element: <PlaceholderPage /> })),
);
