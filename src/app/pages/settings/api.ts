import { api, call } from '../../api/client';

/** Shapes from the server's route schemas (one definition, types derived). */
export type { ManagedUser, Team, TeamDetail, UserDetail, UserPage } from '../../../server/people/schemas';
import type {
  ManagedUser,
  NewUser,
  Team,
  TeamDetail,
  TeamRef,
  UserChanges,
  UserDetail,
  UserPage,
} from '../../../server/people/schemas';
import type { LICENCES as ServerLicences } from '../../../server/people/schemas';

/** What the user form sends: the server's fields, the licence as the text the form holds (the server checks it). */
export type UserInput = Omit<UserChanges, 'license'> & { license?: string };
type NewUserInput = UserInput & Pick<NewUser, 'username'>;

// Needed at run time; `satisfies` keeps it equal to the server's list.
export const LICENCES = ['FULL_USER', 'REGULAR_USER'] as const satisfies typeof ServerLicences;

type Saved = { success: boolean; message: string; data: ManagedUser };

const U = '/people/users';
const T = '/people/teams';

export const people = {
  list: (p: { license?: string; search?: string; page: number; length: number }) =>
    call<UserPage>(api.get(U, { params: p })),
  get: (id: string) => call<UserDetail>(api.get(`${U}/${id}`)),
  create: (u: NewUserInput) => api.post<Saved>(U, u).then((r) => r.data),
  update: (id: string, u: UserInput) => api.put<Saved>(`${U}/${id}`, u).then((r) => r.data),
  setActive: (id: string, active: boolean) =>
    call<ManagedUser>(api.post(`${U}/${id}/${active ? 'reactivate' : 'deactivate'}`, {})),
  teams: (search = '') => call<Team[]>(api.get(T, { params: { search } })),
  team: (id: string) => call<TeamDetail>(api.get(`${T}/${id}`)),
  createTeam: (name: string) => call<TeamRef>(api.post(T, { name })),
  renameTeam: (id: string, name: string) => call<TeamRef>(api.put(`${T}/${id}`, { name })),
  deleteTeam: (id: string) => call(api.delete(`${T}/${id}`)),
  addMember: (id: string, userId: string) => call(api.post(`${T}/${id}/members`, { userId })),
  removeMember: (id: string, userId: string) => call(api.delete(`${T}/${id}/members/${userId}`)),
};
