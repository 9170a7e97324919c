import { api, call } from '../../api/client';
import { people } from '../settings/api';
import type { LookupItem } from '../../../../runtime/react/field-data';
import type { ReferenceSearch } from '../../../../runtime/react/reference-picker';
import type {
  MemberBody,
  NewUnitBody,
  OrgHit,
  OrgUnit,
  OrgUnitDetail,
  UnitChanges,
} from '../../../server/org-units/schemas';

export type { OrgHit, OrgMember, OrgUnit, OrgUnitDetail } from '../../../server/org-units/schemas';

const U = '/org-units';

export const orgUnits = {
  tree: () => call<OrgUnit[]>(api.get(U)),
  unit: (id: string) => call<OrgUnitDetail>(api.get(`${U}/${id}`)),
  create: (b: NewUnitBody) => call<OrgUnitDetail>(api.post(U, b)),
  change: (id: string, b: UnitChanges) => call<OrgUnitDetail>(api.put(`${U}/${id}`, b)),
  move: (id: string, parentId: string | null) => call<OrgUnitDetail>(api.post(`${U}/${id}/move`, { parentId })),
  remove: (id: string) => call(api.delete(`${U}/${id}`)),
  setMember: (id: string, userId: string, b: MemberBody) =>
    call<OrgUnitDetail>(api.put(`${U}/${id}/members/${userId}`, b)),
  removeMember: (id: string, userId: string) => call<OrgUnitDetail>(api.delete(`${U}/${id}/members/${userId}`)),
  search: (search: string) => call<OrgHit[]>(api.get(`${U}/search`, { params: { search } })),
};

/** The user picker's search: active users of the tenant, 20 a page (the page number is the cursor). */
export const searchUsers: ReferenceSearch = async (text, cursor) => {
  const page = cursor ? Number(cursor) : 1;
  const res = await people.list({ search: text, page, length: 20 });
  const items: LookupItem[] = res.data
    .filter((u) => u.status === 'active')
    .map((u) => ({ id: u.id, label: u.fullname || u.username, values: { email: u.email } }));
  return { items, nextCursor: page * 20 < res.recordsFiltered ? String(page + 1) : null };
};
