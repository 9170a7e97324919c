import {
  DatatablePage,
  DatatablePayload,
  Envelope,
  Id,
  StringEnum,
  Type,
  type Static,
} from '../../../schemas/api/common.js';
import { BOT_IDS } from './catalogue.js';
import { PLATFORM_IDS } from './platforms.js';

export const BotName = StringEnum(BOT_IDS);
export const BotParams = Type.Object({ bot: BotName });

export const Bot = Type.Object({
  id: BotName,
  name: Type.String(),
  available: Type.Boolean(),
  licensed: Type.Boolean(),
});
export type Bot = Static<typeof Bot>;

/** A variable as shown: a secret one never carries its value, only whether one is kept. */
export const BotVariableView = Type.Object({
  name: Type.String(),
  secret: Type.Boolean(),
  value: Type.Union([Type.String(), Type.Null()]),
  hasValue: Type.Boolean(),
});
export const BotVariables = Type.Object({ bot: BotName, variables: Type.Array(BotVariableView) });
export type BotVariables = Static<typeof BotVariables>;

/** Values by name: a string sets (for a secret, '' keeps the kept one), null clears. */
export const SaveVariablesBody = Type.Object({
  values: Type.Record(Type.String({ maxLength: 64 }), Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
});
export type SaveVariablesBody = Static<typeof SaveVariablesBody>;

/** `uni` filters the assistant's rows (src/server/uni/usage.ts). */
export const UsageListBody = Type.Composite([
  DatatablePayload,
  Type.Object({ bot: Type.Optional(Type.Union([BotName, Type.Literal('uni')])) }),
]);
export type UsageListBody = Static<typeof UsageListBody>;
export const UsageRow = Type.Object({
  bot: Type.String(),
  day: Type.String(),
  calls: Type.Integer(),
  errors: Type.Integer(),
  averageMs: Type.Integer(),
  /** The assistant's rows: whose usage, and its tokens (prompt and answer). */
  user: Type.Optional(Type.String()),
  tokens: Type.Optional(Type.Integer()),
});
export type UsageRow = Static<typeof UsageRow>;

export const DashboardQuery = Type.Object({ days: Type.Optional(Type.Integer({ minimum: 1, maximum: 366 })) });
export const Dashboard = Type.Object({
  bot: BotName,
  /** One entry per day of the period, oldest first, days without calls included. */
  days: Type.Array(
    Type.Object({ day: Type.String(), calls: Type.Integer(), errors: Type.Integer(), averageMs: Type.Integer() }),
  ),
  calls: Type.Integer(),
  errors: Type.Integer(),
  averageMs: Type.Integer(),
});
export type Dashboard = Static<typeof Dashboard>;

/** connecthublinkedlookup: a company by its number, or companies whose name matches. */
export const CompanyLookupBody = Type.Union([
  Type.Object({ number: Type.String({ minLength: 1, maxLength: 20 }) }),
  Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }) }),
]);
export type CompanyLookupBody = Static<typeof CompanyLookupBody>;
export const CompanyItem = Type.Object({
  id: Type.String(),
  label: Type.String(),
  values: Type.Object({
    number: Type.String(),
    name: Type.String(),
    status: Type.String(),
    address: Type.String(),
    incorporatedOn: Type.String(),
  }),
});
export type CompanyItem = Static<typeof CompanyItem>;

export const Platform = Type.Object({ id: StringEnum(PLATFORM_IDS), name: Type.String(), needsSecret: Type.Boolean() });

/** A store key as shown: the key and secret only as "kept". */
export const StoreKey = Type.Object({
  id: Type.String(),
  name: Type.String(),
  platform: StringEnum(PLATFORM_IDS),
  storeUrl: Type.String(),
  hasKey: Type.Boolean(),
  hasSecret: Type.Boolean(),
  lastOrderId: Type.Union([Type.String(), Type.Null()]),
  version: Type.Integer(),
  modified_on: Type.String(),
});
export type StoreKey = Static<typeof StoreKey>;

export const CreateStoreKeyBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  platform: StringEnum(PLATFORM_IDS),
  storeUrl: Type.String({ minLength: 1, maxLength: 2000 }),
  apiKey: Type.String({ minLength: 1, maxLength: 500 }),
  apiSecret: Type.Optional(Type.String({ maxLength: 500 })),
});
export type CreateStoreKeyBody = Static<typeof CreateStoreKeyBody>;
/** A change at the version read; a key or secret left out or '' is kept. */
export const UpdateStoreKeyBody = Type.Object({
  id: Id,
  name: Type.String({ minLength: 1, maxLength: 100 }),
  platform: StringEnum(PLATFORM_IDS),
  storeUrl: Type.String({ minLength: 1, maxLength: 2000 }),
  apiKey: Type.Optional(Type.String({ maxLength: 500 })),
  apiSecret: Type.Optional(Type.String({ maxLength: 500 })),
  version: Type.Integer(),
});
export type UpdateStoreKeyBody = Static<typeof UpdateStoreKeyBody>;
export const StoreKeyListBody = DatatablePayload;

export const BotsAnswer = Envelope(Type.Array(Bot));
export const VariablesAnswer = Envelope(BotVariables);
export const UsagePageAnswer = Envelope(DatatablePage(UsageRow));
export const DashboardAnswer = Envelope(Dashboard);
export const LookupAnswer = Envelope(Type.Object({ items: Type.Array(CompanyItem) }));
export const PlatformsAnswer = Envelope(Type.Array(Platform));
export const StoreKeyAnswer = Envelope(StoreKey);
export const StoreKeyPageAnswer = Envelope(DatatablePage(StoreKey));
export const DeletedAnswer = Envelope(Type.Object({ id: Type.String() }));
