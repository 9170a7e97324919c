import { lazy, Suspense } from 'react';
import { Spinner } from '@blueprintjs/core';
import { ApplicationsPage } from '../pages/apps/ApplicationsPage';
import { defineRoutes } from './types';

// The designer (dnd-kit, rjsf property panels, Monaco) is its own chunk: sign-in and form-fill never load it.
const FormDesignerPage = lazy(() => import('../../../designer/form/FormDesignerPage'));

const designer = (
  <Suspense fallback={<Spinner className="page-spinner" />}>
    <FormDesignerPage />
  </Suspense>
);

export const routes = defineRoutes([
  { path: '/form-editor', element: <ApplicationsPage />, access: 'designer' },
  { path: '/form-editor/show', element: <ApplicationsPage />, access: 'designer' },
  { path: '/form-editor/show/:id', element: designer, access: 'designer' },
]);
