import { Envelope, Id, Type, type Static } from '../../../../schemas/api/common.js';

/** An app group (module category) as listed: spec section 8. */
export const Category = Type.Object({
  id: Type.String(),
  category_name: Type.String(),
  icon: Type.Union([Type.String(), Type.Null()]),
  order_index: Type.Integer(),
});
export type Category = Static<typeof Category>;

/** The group payload: a new group without `id` (or with an empty one); `name` is accepted for `category_name`. */
export const SaveCategoryBody = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 100 })),
  category_name: Type.Optional(Type.String({ maxLength: 200 })),
  name: Type.Optional(Type.String({ maxLength: 200 })),
  icon: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
});
export type SaveCategoryBody = Static<typeof SaveCategoryBody>;

export const OrderCategoriesBody = Type.Object({ ids: Type.Array(Id, { maxItems: 1000 }) });
export type OrderCategoriesBody = Static<typeof OrderCategoriesBody>;

export const CategoryId = Type.Object({ id: Type.String() });
export const CategoryOrder = Type.Object({ ids: Type.Array(Type.String()) });

export const ListAnswer = Envelope(Type.Array(Category));
export const IdAnswer = Envelope(CategoryId);
export const OrderAnswer = Envelope(CategoryOrder);
