import { defineRoutes } from './types';
import { lazyPage } from './lazy-page';

const InquiryPage = lazyPage(
  () => import('../pages/reports/InquiryPage'),
  (m) => m.InquiryPage,
  ['reports'],
);
const ReportListPage = lazyPage(
  () => import('../pages/reports/ReportListPage'),
  (m) => m.ReportListPage,
  ['reports'],
);
const ReportDesignerPage = lazyPage(
  () => import('../pages/reports/ReportDesignerPage'),
  (m) => m.ReportDesignerPage,
  ['reports', 'uni'],
);
const ReportViewerPage = lazyPage(
  () => import('../pages/reports/ReportViewerPage'),
  (m) => m.ReportViewerPage,
  ['reports'],
);

export const routes = defineRoutes([
  { path: '/inquiry', element: <InquiryPage />, access: 'designer' },
  { path: '/reports', element: <ReportListPage />, access: 'designer' },
  { path: '/report-designer', element: <ReportDesignerPage />, access: 'designer' },
  { path: '/report-viewer', element: <ReportViewerPage />, access: 'designer' },
]);
