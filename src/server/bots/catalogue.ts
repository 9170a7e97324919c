/**
 * The connect hub's bots, described as data: their display names, whether they can be used at all yet, and the
 * variables each keeps (secret ones are sealed at rest and never sent back).
 */
export const BOT_IDS = ['companyhouse', 'ecommerce', 'travelmanagement'] as const;
export type BotId = (typeof BOT_IDS)[number];

export interface BotVariable {
  name: string;
  secret: boolean;
  /** Used while nothing is saved. */
  fallback?: string;
  /** The value must be an http(s) address. */
  url?: boolean;
}

export interface BotInfo {
  id: BotId;
  /** As the licence tooltip names it: 'You need to add {name} Bot licence'. */
  name: string;
  /** Travel management is shown disabled whatever the licence (spec). */
  available: boolean;
  variables: BotVariable[];
}

export const BOTS: Record<BotId, BotInfo> = {
  companyhouse: {
    id: 'companyhouse',
    name: 'Companies House',
    available: true,
    variables: [
      { name: 'baseUrl', secret: false, url: true, fallback: 'https://api.company-information.service.gov.uk' },
      { name: 'apiKey', secret: true },
    ],
  },
  ecommerce: {
    id: 'ecommerce',
    name: 'E-commerce',
    available: true,
    variables: [{ name: 'ordersPerImport', secret: false, fallback: '50' }],
  },
  travelmanagement: {
    id: 'travelmanagement',
    name: 'Travel management',
    available: false,
    variables: [
      { name: 'baseUrl', secret: false, url: true },
      { name: 'apiKey', secret: true },
    ],
  },
};
