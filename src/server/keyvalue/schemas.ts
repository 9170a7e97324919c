import { Envelope, Id, Type, type Static } from '../../../schemas/api/common.js';

/** A category of key-value lists (spec section 3: id and category_name). */
export const KvCategory = Type.Object({ id: Type.String(), category_name: Type.String() });
export type KvCategory = Static<typeof KvCategory>;

/** One entry of a list: the stored key and the text people see. */
export const KvValue = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 200 }),
  value: Type.String({ maxLength: 1000 }),
});
export type KvValue = Static<typeof KvValue>;

/** A key-value list (the spec's permissible list: id, key_name, categories, values, description). */
export const KvList = Type.Object({
  id: Type.String(),
  key_name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  categories: Type.Array(KvCategory),
  values: Type.Array(KvValue),
  version: Type.Integer(),
  modified_on: Type.String(),
});
export type KvList = Static<typeof KvList>;

/** A new list without `id`; an existing one with its `id` (and the `version` read, to refuse a lost update). */
export const SaveListBody = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 100 })),
  key_name: Type.String({ maxLength: 100 }),
  description: Type.Optional(Type.Union([Type.String({ maxLength: 250 }), Type.Null()])),
  categories: Type.Optional(Type.Array(Id, { maxItems: 50 })),
  values: Type.Array(KvValue, { maxItems: 5000 }),
  version: Type.Optional(Type.Integer()),
});
export type SaveListBody = Static<typeof SaveListBody>;

export const ListQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })),
  categoryId: Type.Optional(Id),
});
export type ListQuery = Static<typeof ListQuery>;

export const DetailQuery = Type.Object({ id: Id });
export const DeleteBody = Type.Object({ id: Id });
export const DeletedAnswer = Envelope(Type.Object({ id: Type.String() }));
export const AddCategoryBody = Type.Object({ name: Type.String({ maxLength: 100 }) });
/** The values of one list, by id or by key name: what a dropdown fed by the list offers. */
export const DatasetQuery = Type.Object({
  id: Type.Optional(Id),
  key_name: Type.Optional(Type.String({ maxLength: 100 })),
});
export type DatasetQuery = Static<typeof DatasetQuery>;
export const Dataset = Type.Object({
  id: Type.String(),
  key_name: Type.String(),
  options: Type.Array(Type.Object({ value: Type.String(), label: Type.String() })),
});

export const ListsAnswer = Envelope(Type.Array(KvList));
export const ListAnswer = Envelope(KvList);
export const CategoriesAnswer = Envelope(Type.Array(KvCategory));
export const CategoryAnswer = Envelope(KvCategory);
export const DatasetAnswer = Envelope(Dataset);
