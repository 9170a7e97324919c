import {
  DatatablePage,
  Envelope,
  ErrorAnswer,
  Id,
  Ok,
  StringEnum,
  Type,
  type Static,
  type TSchema,
} from '../../../schemas/api/common.js';
import { UserInfo } from '../identity/schemas.js';

/**
 * The signed-in shell's API (menu, module tree, favourites, quick launch, settings, profile, tenant info): request
 * and answer shapes, written once. The web app imports the types (`import type`) from here.
 */

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
/** Free text is bounded so nothing unbounded reaches a rule or a query; the spec's own limits are checked after. */
const Text = (maxLength: number) => Type.String({ maxLength });

// ---- menu -------------------------------------------------------------------------------------------------------

/** A menu entry as the sidebar and header draw it; `menu_name` is an i18n key (SHELL.MENU.<key>). */
export const MenuItem = Type.Recursive(
  (This) =>
    Type.Object({
      id: Type.String(),
      menu_name: Type.String(),
      action_url: Nullable(Type.String()),
      icon_class: Type.String(),
      is_group: Type.Boolean(),
      show_on_seed: Type.Boolean(),
      disabled: Type.Optional(Type.Boolean()),
      /** An i18n key for a tooltip saying why the entry is disabled. */
      tooltip_key: Type.Optional(Type.String()),
      /** The organisation's own label (menu settings), shown as is instead of the translated `menu_name`. */
      label: Type.Optional(Type.String()),
      /** Opens in a new browser tab. */
      new_tab: Type.Optional(Type.Boolean()),
      /** 'header' (main menu) or 'user' (the user menu in the topbar). */
      placement: StringEnum(['header', 'user']),
      children: Type.Optional(Type.Array(This)),
    }),
  { $id: 'MenuItem' },
);
export type MenuItem = Static<typeof MenuItem>;

/** A node of the sidebar module tree: a published app, or an app group (category) holding apps. */
export const TreeNode = Type.Recursive(
  (This) =>
    Type.Object({
      id: Type.String(),
      text: Type.String(),
      type: StringEnum(['Module', 'group']),
      icon: Nullable(Type.String()),
      description: Nullable(Type.String()),
      children: Type.Optional(Type.Array(This)),
    }),
  { $id: 'TreeNode' },
);
export type TreeNode = Static<typeof TreeNode>;

/** The app groups in their new order (ids of module categories). */
export const GroupOrderBody = Type.Object({ order: Type.Array(Id, { maxItems: 1000 }) });
export type GroupOrderBody = Static<typeof GroupOrderBody>;

// ---- favourites -------------------------------------------------------------------------------------------------

export const Favourite = Type.Object({
  id: Type.String(),
  title: Type.String(),
  display_name: Type.String(),
  app_icon: Nullable(Type.String()),
  category_icon: Nullable(Type.String()),
});
export type Favourite = Static<typeof Favourite>;

/** The spec names the app `moduleId`, in the body or the query string. */
export const FavouriteBody = Type.Object({ moduleId: Type.Optional(Id) });
export const FavouriteQuery = Type.Object({ moduleId: Type.Optional(Id) });

// ---- quick launch -----------------------------------------------------------------------------------------------

export const QuickLaunchItem = Type.Object({
  id: Type.String(),
  display_name: Type.String(),
  app_icon: Nullable(Type.String()),
});
export type QuickLaunchItem = Static<typeof QuickLaunchItem>;

/** The chosen app ids in the user's order, and the tiles (deleted apps drop out). */
export const QuickLaunch = Type.Object({ apps: Type.Array(Type.String()), items: Type.Array(QuickLaunchItem) });
export type QuickLaunch = Static<typeof QuickLaunch>;

export const QuickLaunchApps = Type.Object({ apps: Type.Array(Type.String()) });
export type QuickLaunchApps = Static<typeof QuickLaunchApps>;

export const QuickLaunchBody = Type.Object({ apps: Type.Array(Id, { maxItems: 200 }) });

/** An app the user may put on quick launch, whether it is chosen and its position there (-1: not chosen). */
export const QuickLaunchRow = Type.Composite([
  QuickLaunchItem,
  Type.Object({ selected: Type.Boolean(), index: Type.Integer() }),
]);
export type QuickLaunchRow = Static<typeof QuickLaunchRow>;
export const QuickLaunchPage = DatatablePage(QuickLaunchRow);
export type QuickLaunchPage = Static<typeof QuickLaunchPage>;

export const SortBody = Type.Object({
  data: Type.Array(Type.Object({ id: Id, index: Type.Integer({ minimum: 0, maximum: 10_000 }) }), { maxItems: 200 }),
});
export type SortBody = Static<typeof SortBody>;

// ---- settings ---------------------------------------------------------------------------------------------------

export const DATE_FORMATS = ['YYYY-MM-DD', 'DD-MM-YYYY', 'MM-DD-YYYY'] as const;
export const LAUNCH_PAGES = ['home', 'dashboard-and-reports', 'quick-report', 'apps'] as const;
export const LANGUAGES = ['en', 'de', 'es', 'fr', 'ja', 'zh'] as const;
export const DateFormat = StringEnum(DATE_FORMATS);
export const LaunchPage = StringEnum(LAUNCH_PAGES);
export const Language = StringEnum(LANGUAGES);
/** An IANA zone name; whether the zone exists is checked by the service. */
const Zone = Text(100);

/** Date and time settings: the organisation's, or a user's own choices over them. */
export const Settings = Type.Object({
  time_zone: Type.String(),
  date_format: Type.String(),
  datetime_format: Type.String(),
  time_format: Type.String(),
});
export type Settings = Static<typeof Settings>;

export const TenantSettingsBody = Type.Object({
  time_zone: Type.Optional(Zone),
  date_format: Type.Optional(DateFormat),
});
export type TenantSettingsBody = Static<typeof TenantSettingsBody>;

// ---- profile ----------------------------------------------------------------------------------------------------

/** The user info (identity's shape) with the picture flag, effective settings, launch page and language. */
export const Profile = Type.Composite([
  UserInfo,
  Type.Object({
    has_avatar: Type.Boolean(),
    settings: Settings,
    launch_page: Type.String(),
    language: Nullable(Type.String()),
  }),
]);
export type Profile = Static<typeof Profile>;

/** Name, e-mail and preferences; the spec's own limits (name 1 to 100, a valid e-mail) are checked by the service. */
export const ProfileBody = Type.Object({
  fullname: Type.Optional(Text(1000)),
  email: Type.Optional(Text(1000)),
  timezone: Type.Optional(Zone),
  date_format: Type.Optional(DateFormat),
  launch_page: Type.Optional(LaunchPage),
  language: Type.Optional(Language),
});
export type ProfileBody = Static<typeof ProfileBody>;

/** A data URL (PNG, JPEG or WebP, at most 256 KB decoded), or null to remove the picture. */
export const AvatarBody = Type.Object({ image: Nullable(Text(360_000)) });
export type AvatarBody = Static<typeof AvatarBody>;

/** Whose picture (default: the caller's); `<img>` sends the token as x-token and a cache-busting `v`. */
export const PictureQuery = Type.Object({ id: Type.Optional(Id) });

const Image = { schema: Type.Unsafe<Buffer>({ type: 'string', description: 'The image bytes' }) };
/** The picture is sent as bytes with its own content type. */
export const PictureAnswer = {
  description: 'The profile picture',
  content: { 'image/png': Image, 'image/jpeg': Image, 'image/webp': Image },
};

// ---- tenant info ------------------------------------------------------------------------------------------------

/** Public facts about the host's organisation (shown before sign-in). */
export const TenantInfo = Type.Object({
  domain: Type.String(),
  name: Type.String(),
  support_email: Nullable(Type.String()),
  person_in_charge_phone: Nullable(Type.String()),
  time_zone: Nullable(Type.String()),
  date_format: Nullable(Type.String()),
  datetime_format: Nullable(Type.String()),
  time_format: Nullable(Type.String()),
  licence_expires_on: Nullable(Type.String()),
});
export type TenantInfo = Static<typeof TenantInfo>;

// ---- answers ----------------------------------------------------------------------------------------------------

export const MenuAnswer = Envelope(Type.Array(MenuItem));
export const TreeAnswer = Envelope(Type.Array(TreeNode));
export const FavouritesAnswer = Envelope(Type.Array(Favourite));
export const QuickLaunchAnswer = Envelope(QuickLaunch);
export const QuickLaunchAppsAnswer = Envelope(QuickLaunchApps);
export const QuickLaunchPageAnswer = Envelope(QuickLaunchPage);
export const SettingsAnswer = Envelope(Settings);
export const ProfileAnswer = Envelope(Profile);
export const UserInfoAnswer = Envelope(UserInfo);
export const TenantInfoAnswer = Envelope(TenantInfo);
export { Ok, ErrorAnswer };
