import { api, call } from '../../api/client';

export interface ManagedUser {
  id: string;
  username: string;
  email: string;
  fullname: string;
  isSysAdmin: boolean;
  isAdministrator: boolean;
  isFullUser: boolean;
  isConsultant: boolean;
  license: string;
  status: 'active' | 'inactive';
  teams?: { id: string; name: string }[];
}

export interface UserPage {
  data: ManagedUser[];
  recordsTotal: number;
  recordsFiltered: number;
  page: number;
  length: number;
}

export interface Team {
  id: string;
  name: string;
  member_count: number;
}

export interface TeamDetail {
  id: string;
  name: string;
  members: { id: string; username: string; fullname: string; email: string; status: string }[];
}

export type UserInput = Partial<Omit<ManagedUser, 'id' | 'status' | 'teams'>> & { password?: string };

export const LICENCES = ['FULL_USER', 'REGULAR_USER'] as const;

const U = '/people/users';
const T = '/people/teams';

export const people = {
  list: (p: { license?: string; search?: string; page: number; length: number }) =>
    call<UserPage>(api.get(U, { params: p })),
  get: (id: string) => call<ManagedUser>(api.get(`${U}/${id}`)),
  create: (u: UserInput) =>
    api.post<{ success: boolean; message: string; data: ManagedUser }>(U, u).then((r) => r.data),
  update: (id: string, u: UserInput) =>
    api.put<{ success: boolean; message: string; data: ManagedUser }>(`${U}/${id}`, u).then((r) => r.data),
  setActive: (id: string, active: boolean) =>
    call<ManagedUser>(api.post(`${U}/${id}/${active ? 'reactivate' : 'deactivate'}`, {})),
  teams: (search = '') => call<Team[]>(api.get(T, { params: { search } })),
  team: (id: string) => call<TeamDetail>(api.get(`${T}/${id}`)),
  createTeam: (name: string) => call<{ id: string; name: string }>(api.post(T, { name })),
  renameTeam: (id: string, name: string) => call<{ id: string; name: string }>(api.put(`${T}/${id}`, { name })),
  deleteTeam: (id: string) => call(api.delete(`${T}/${id}`)),
  addMember: (id: string, userId: string) => call(api.post(`${T}/${id}/members`, { userId })),
  removeMember: (id: string, userId: string) => call(api.delete(`${T}/${id}/members/${userId}`)),
};
