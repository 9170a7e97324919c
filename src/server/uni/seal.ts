import { openSecret, sealSecret } from '../crypto/secrets.js';

let sealKey: Buffer | null = null;
/** The key the endpoint's API key and thread keys are sealed with (SECRET_KEY), set when the feature starts. */
export function setUniKey(key: Buffer): void {
  sealKey = key;
}
function key(): Buffer {
  if (!sealKey) throw new Error('assistant used before its key was set');
  return sealKey;
}
/** `context` names the tenant and purpose, so a sealed value copied elsewhere does not open. */
export const seal = (plain: string, context: string) => sealSecret(plain, key(), context);
export const unseal = (sealed: string, context: string) => openSecret(sealed, key(), context);
