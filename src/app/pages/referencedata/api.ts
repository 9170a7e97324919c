import { api, call } from '../../api/client';
import type { KvCategory, KvList, SaveListBody } from '../../../server/keyvalue/schemas';

/** Shapes from the server's route schemas (one definition, types derived). */
export type { KvCategory, KvList, KvValue, SaveListBody } from '../../../server/keyvalue/schemas';

const L = '/form/ListKeyValue';

export const fetchLists = (search: string, categoryId: string) =>
  call<KvList[]>(
    api.get(`${L}/getList`, { params: { ...(search ? { search } : {}), ...(categoryId ? { categoryId } : {}) } }),
  );
export const fetchList = (id: string) => call<KvList>(api.get(`${L}/detail`, { params: { id } }));
export const saveList = (body: SaveListBody) => call<KvList>(api.post(`${L}/save`, body));
export const deleteList = (id: string) => call<{ id: string }>(api.post(`${L}/delete`, { id }));
export const fetchListCategories = () => call<KvCategory[]>(api.get(`${L}/category/list`));
export const addListCategory = (name: string) => call<KvCategory>(api.post(`${L}/category/add`, { name }));
