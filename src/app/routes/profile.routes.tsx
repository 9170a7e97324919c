import { ProfilePage } from '../pages/profile/ProfilePage';
import { SecurityQuestionPage } from '../pages/profile/SecurityQuestionPage';
import { defineRoutes } from './types';

export const routes = defineRoutes([
  { path: '/app/user/profile', element: <ProfilePage />, access: 'everyone' },
  { path: '/app/user/profile/security-question', element: <SecurityQuestionPage />, access: 'everyone' },
]);
