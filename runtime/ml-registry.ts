/**
 * Machine-learning service plugins (plugins/ml/<id>/manifest.ts): plain typed objects describing a service an app
 * may choose in the Create App dialog (spec section 5). The server carries out each `kind` (src/server/ml).
 */
export interface MlServiceManifest {
  kind: 'ml';
  /** Equals the folder name; stored in the app's machineLearningServiceId. */
  id: string;
  /** The English name; the web app shows the `ml` namespace's SERVICE.<id> text when there is one. */
  name: string;
  /** The OCR providers it works with, or 'all'. */
  providers: string[] | 'all';
  /** The tenant licence it needs (tenant settings `licences`), or null. */
  licence: string | null;
  /** What the server does with it: 'suggest-field' suggests choice fields' values from the record's text. */
  service: 'suggest-field';
  /** Which choice fields it suggests: the first of the form, or every one. */
  targets: 'first' | 'all';
}

export const defineMlService = (m: MlServiceManifest): MlServiceManifest => m;

/** Whether the service goes with an OCR provider. */
export const worksWith = (m: MlServiceManifest, providerId: string): boolean =>
  m.providers === 'all' || m.providers.includes(providerId);
