import { ItemEditorPage } from '../pages/records/ItemEditorPage';
import { defineRoutes } from './types';

export const routes = defineRoutes([
  { path: '/item-editor/:moduleId', element: <ItemEditorPage />, access: 'everyone' },
  { path: '/item-editor/:moduleId/:recordId', element: <ItemEditorPage />, access: 'everyone' },
]);
