import { openSecret, sealSecret } from '../crypto/secrets.js';

let sealKey: Buffer | null = null;
/** The key bot secrets and store keys are sealed with (from SECRET_KEY), set when the feature starts. */
export function setBotKey(key: Buffer): void {
  sealKey = key;
}
function key(): Buffer {
  if (!sealKey) throw new Error('connect hub used before its key was set');
  return sealKey;
}
/** `context` names the tenant and the row, so a sealed value copied elsewhere does not open. */
export const seal = (plain: string, context: string) => sealSecret(plain, key(), context);
export const unseal = (sealed: string, context: string) => openSecret(sealed, key(), context);
