import { Envelope, StringEnum, Type, type Static } from '../../../schemas/api/common.js';

/** Menu settings (issue #22): the tenant's own order, labels, icons, per-role hiding and custom links. */

export const ROLE_KINDS = ['sysAdmin', 'administrator', 'consultant', 'fullUser', 'regularUser'] as const;
export type RoleKind = (typeof ROLE_KINDS)[number];
export const RoleKind = StringEnum(ROLE_KINDS);

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

/** One entry as stored: a default entry's id (with overrides) or a custom link (`custom-…`, with url and label). */
export const MenuLeafSetting = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 60 }),
  label: Type.Optional(Nullable(Type.String({ maxLength: 80 }))),
  icon: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  hidden_for: Type.Optional(Type.Array(RoleKind, { maxItems: 5 })),
  url: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type MenuLeafSetting = Static<typeof MenuLeafSetting>;

export const MenuNodeSetting = Type.Composite([
  MenuLeafSetting,
  Type.Object({ children: Type.Optional(Type.Array(MenuLeafSetting, { maxItems: 100 })) }),
]);
export type MenuNodeSetting = Static<typeof MenuNodeSetting>;

/** The whole configuration: the top level in order, groups holding their entries in order. */
export const MenuSettingsBody = Type.Object({ items: Type.Array(MenuNodeSetting, { maxItems: 100 }) });
export type MenuSettingsBody = Static<typeof MenuSettingsBody>;

/** An entry as the editor shows it: the default facts and the tenant's overrides. */
export const EditorLeaf = Type.Object({
  id: Type.String(),
  /** i18n key (SHELL.MENU.<key>) of a default entry; null for a custom link. */
  menu_name: Type.Union([Type.String(), Type.Null()]),
  label: Type.Union([Type.String(), Type.Null()]),
  icon: Type.String(),
  default_icon: Type.String(),
  url: Type.Union([Type.String(), Type.Null()]),
  is_group: Type.Boolean(),
  custom: Type.Boolean(),
  placement: StringEnum(['header', 'user']),
  hidden_for: Type.Array(RoleKind),
});
export const EditorNode = Type.Composite([
  EditorLeaf,
  Type.Object({ children: Type.Optional(Type.Array(EditorLeaf)) }),
]);
export type EditorNode = Static<typeof EditorNode>;

export const MenuSettings = Type.Object({ items: Type.Array(EditorNode), customized: Type.Boolean() });
export type MenuSettings = Static<typeof MenuSettings>;
export const MenuSettingsAnswer = Envelope(MenuSettings);
