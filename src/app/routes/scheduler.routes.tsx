import { lazy, Suspense } from 'react';
import { Spinner } from '@blueprintjs/core';
import { defineRoutes } from './types';

const ScheduleEditorPage = lazy(() =>
  import('../pages/scheduler/ScheduleEditorPage').then((m) => ({ default: m.ScheduleEditorPage })),
);

const page = (
  <Suspense fallback={<Spinner className="page-spinner" />}>
    <ScheduleEditorPage />
  </Suspense>
);

export const routes = defineRoutes([
  { path: '/schedule-editor/:moduleId', element: page, access: 'everyone' },
  { path: '/schedule-editor/:moduleId/:recordId', element: page, access: 'everyone' },
]);
