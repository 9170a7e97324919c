import { lazy, Suspense } from 'react';
import { Spinner } from '@blueprintjs/core';
import { defineRoutes } from './types';

const ModuleRecordsPage = lazy(() =>
  import('../pages/modules/ModuleRecordsPage').then((m) => ({ default: m.ModuleRecordsPage })),
);

export const routes = defineRoutes([
  {
    path: '/module/:moduleId',
    element: (
      <Suspense fallback={<Spinner className="page-spinner" />}>
        <ModuleRecordsPage />
      </Suspense>
    ),
    access: 'everyone',
  },
]);
