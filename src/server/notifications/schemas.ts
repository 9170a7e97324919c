import { Envelope, Id, Type, type Static } from '../../../schemas/api/common.js';

/** Spec section 3: one notification as the server lists it. */
export const NotificationView = Type.Object({
  id: Type.String(),
  notification_type_name: Type.String(),
  current_step: Type.Union([Type.String(), Type.Null()]),
  task_id: Type.Union([Type.String(), Type.Null()]),
  module_id: Type.Union([Type.String(), Type.Null()]),
  record_id: Type.Union([Type.String(), Type.Null()]),
  record_created_by: Type.Union([Type.String(), Type.Null()]),
  notification_content: Type.String(),
  time_since: Type.String(),
  created_on: Type.String(),
  read_on: Type.Union([Type.String(), Type.Null()]),
});
export type NotificationView = Static<typeof NotificationView>;

/** The spec's notification list: a page, the unread count and the open-task count for the badge. */
export const NotificationPage = Type.Object({
  notif: Type.Array(NotificationView),
  unread: Type.Integer(),
  open: Type.Integer(),
});
export type NotificationPage = Static<typeof NotificationPage>;

/** `lenght` is the spec's own spelling of the page size; `length` is accepted too. */
export const ListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  lenght: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  length: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type ListQuery = Static<typeof ListQuery>;

export const ReadBody = Type.Object({ id: Type.Optional(Id) });
export const ReadQuery = Type.Object({ id: Type.Optional(Id) });

export const Updated = Type.Object({ updated: Type.Integer() });
export type Updated = Static<typeof Updated>;

export const ListAnswer = Envelope(NotificationPage);
export const OneAnswer = Envelope(NotificationView);
export const UpdatedAnswer = Envelope(Updated);
