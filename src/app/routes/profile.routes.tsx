import { defineRoutes } from './types';
import { lazyPage } from './lazy-page';

const ProfilePage = lazyPage(
  () => import('../pages/profile/ProfilePage'),
  (m) => m.ProfilePage,
);
const SecurityQuestionPage = lazyPage(
  () => import('../pages/profile/SecurityQuestionPage'),
  (m) => m.SecurityQuestionPage,
);

export const routes = defineRoutes([
  { path: '/app/user/profile', element: <ProfilePage />, access: 'everyone' },
  { path: '/app/user/profile/security-question', element: <SecurityQuestionPage />, access: 'everyone' },
]);
