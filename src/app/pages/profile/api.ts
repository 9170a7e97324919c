import { api, call } from '../../api/client';
import type { UserInfo } from '../../state/auth';

export interface Profile extends UserInfo {
  has_avatar: boolean;
  launch_page: string;
  language: string | null;
  settings: { time_zone: string; date_format: string; datetime_format: string; time_format: string };
}

export const LAUNCH_PAGES = ['home', 'dashboard-and-reports', 'quick-report', 'apps'] as const;
export const DATE_FORMATS = ['YYYY-MM-DD', 'DD-MM-YYYY', 'MM-DD-YYYY'] as const;

export const profileApi = {
  get: () => call<Profile>(api.get('/sys/user/profile')),
  save: (p: {
    fullname: string;
    email: string;
    timezone: string;
    date_format: string;
    launch_page: string;
    language: string;
  }) => call<UserInfo>(api.put('/sys/user/profile', p)),
  avatar: (image: string | null) => call(api.post('/sys/user/avatar', { image })),
  questions: () =>
    call<{ question: string; answered: boolean }[]>(api.get('/identity/manageauthenticator/securityquestions')),
  saveQuestions: (questions: { question: string; answer: string }[]) =>
    api
      .post<{ success: boolean; message: string }>('/identity/manageauthenticator/securityquestions', { questions })
      .then((r) => r.data),
};
