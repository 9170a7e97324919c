import { api, call } from '../../api/client';
import type {
  Bot,
  BotVariables,
  CompanyItem,
  CreateStoreKeyBody,
  Dashboard,
  StoreKey,
  UpdateStoreKeyBody,
  UsageRow,
} from '../../../server/bots/schemas';
import type { BotId } from '../../../server/bots/catalogue';
import type { PLATFORMS } from '../../../server/bots/platforms';

export type { Bot, BotVariables, CompanyItem, Dashboard, StoreKey, UsageRow } from '../../../server/bots/schemas';
export type { BotId } from '../../../server/bots/catalogue';
export type Platform = (typeof PLATFORMS)[number];

/** Query keys of the connect hub pages. */
export const chKeys = {
  all: ['connecthub'] as const,
  bots: ['connecthub', 'bots'] as const,
  variables: (bot: BotId) => ['connecthub', 'variables', bot] as const,
  usage: (bot: BotId) => ['connecthub', 'usage', bot] as const,
  storeKeys: ['connecthub', 'storekeys'] as const,
  storeKey: (id: string) => ['connecthub', 'storekeys', id] as const,
  platforms: ['connecthub', 'platforms'] as const,
};

export const listBots = () => call<Bot[]>(api.get('/bot/list'));
export const getVariables = (bot: BotId) => call<BotVariables>(api.get(`/bot/${bot}/variables`));
export const saveVariables = (bot: BotId, values: Record<string, string | null>) =>
  call<BotVariables>(api.post(`/bot/${bot}/variables`, { values }));
export const botDashboard = (bot: BotId, days = 30) =>
  call<Dashboard>(api.get(`/bot/${bot}/dashboard`, { params: { days } }));
export const usageRows = (bot: BotId) =>
  call<{ data: UsageRow[]; recordsFiltered: number }>(api.post('/bot/usage/datatables', { bot, length: 1000 }));
export const lookupCompanies = (by: 'number' | 'name', q: string) =>
  call<{ items: CompanyItem[] }>(api.post('/bot/connecthublinkedlookup', { [by]: q }));

export const supportedPlatforms = () => call<Platform[]>(api.get('/manage/supportedplatforms'));
export const listStoreKeys = () =>
  call<{ data: StoreKey[]; recordsFiltered: number }>(api.post('/bot/storekey/datatables', { length: 1000 }));
export const storeKeyById = (id: string) => call<StoreKey>(api.get(`/bot/storekey/getbyid/${encodeURIComponent(id)}`));
export const createStoreKey = (b: CreateStoreKeyBody) => call<StoreKey>(api.post('/bot/storekey/create', b));
export const updateStoreKey = (b: UpdateStoreKeyBody) => call<StoreKey>(api.put('/bot/storekey/update', b));
export const deleteStoreKey = (id: string) =>
  call<{ id: string }>(api.delete(`/bot/storekey/delete/${encodeURIComponent(id)}`));
