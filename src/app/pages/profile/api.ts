import { api, call } from '../../api/client';
import type { UserInfo } from '../../state/auth';
/** Shapes from the server's route schemas (one definition, types derived). */
import type {
  DATE_FORMATS as ServerDateFormats,
  LAUNCH_PAGES as ServerLaunchPages,
  ProfileBody,
} from '../../../server/sys/schemas';
export type { Profile } from '../../../server/sys/schemas';
import type { Profile } from '../../../server/sys/schemas';

// Values the browser needs at run time; `satisfies` keeps them equal to the server's lists.
export const LAUNCH_PAGES = [
  'home',
  'dashboard-and-reports',
  'quick-report',
  'apps',
] as const satisfies typeof ServerLaunchPages;
export const DATE_FORMATS = ['YYYY-MM-DD', 'DD-MM-YYYY', 'MM-DD-YYYY'] as const satisfies typeof ServerDateFormats;

/** The profile form sends every field of the server's body as the text it holds; the server checks the lists. */
export type ProfileForm = Record<keyof ProfileBody, string>;

export const profileApi = {
  get: () => call<Profile>(api.get('/sys/user/profile')),
  save: (p: ProfileForm) => call<UserInfo>(api.put('/sys/user/profile', p)),
  avatar: (image: string | null) => call(api.post('/sys/user/avatar', { image })),
  questions: () =>
    call<{ question: string; answered: boolean }[]>(api.get('/identity/manageauthenticator/securityquestions')),
  saveQuestions: (questions: { question: string; answer: string }[]) =>
    api
      .post<{ success: boolean; message: string }>('/identity/manageauthenticator/securityquestions', { questions })
      .then((r) => r.data),
};
