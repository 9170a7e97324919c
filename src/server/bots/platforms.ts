/** The e-commerce platforms store keys can be made for (GET /api/manage/supportedplatforms). */
export const PLATFORM_IDS = ['shopify', 'woocommerce'] as const;
export type PlatformId = (typeof PLATFORM_IDS)[number];

export const PLATFORMS: { id: PlatformId; name: string; needsSecret: boolean }[] = [
  // Shopify: an Admin API access token. WooCommerce: a REST API consumer key and consumer secret.
  { id: 'shopify', name: 'Shopify', needsSecret: false },
  { id: 'woocommerce', name: 'WooCommerce', needsSecret: true },
];
