import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';

/** Marks a sealed value; anything without it is a value stored before encryption and is read as it is. */
export const SEALED_PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_FILE = 'secret.key';

export class SecretError extends Error {}

const keys = new Map<string, Buffer>();

function decodeKey(text: string, source: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new SecretError(`${source} must hold 32 bytes in base64.`);
  return key;
}

/**
 * The key that seals stored secrets: SECRET_KEY, else DATA_DIR/secret.key, created once (mode 0600) when missing.
 * Nodes that share a database must share the key, so several nodes need SECRET_KEY or a shared data folder.
 */
export function secretKey(config: Pick<Config, 'secretKey' | 'dataDir'>): Buffer {
  const id = config.secretKey ? `env:${config.secretKey}` : `file:${config.dataDir}`;
  let key = keys.get(id);
  if (key) return key;
  if (config.secretKey) key = decodeKey(config.secretKey, 'SECRET_KEY');
  else {
    const file = path.join(config.dataDir, KEY_FILE);
    fs.mkdirSync(config.dataDir, { recursive: true });
    try {
      // 'wx' fails when the file exists, so two processes starting together keep the first one's key.
      fs.writeFileSync(file, crypto.randomBytes(32).toString('base64') + '\n', { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    key = decodeKey(fs.readFileSync(file, 'utf8'), file);
  }
  keys.set(id, key);
  return key;
}

export const isSealed = (stored: string) => stored.startsWith(SEALED_PREFIX);

/**
 * AES-256-GCM with a fresh IV. `context` (e.g. the owning tenant) is bound as associated data, so a sealed value
 * copied to another row does not open there.
 */
export function sealSecret(plain: string, key: Buffer, context = ''): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
}

/** The plain value of a sealed one; a value without the prefix (stored before encryption) comes back as it is. */
export function openSecret(stored: string, key: Buffer, context = ''): string {
  if (!isSealed(stored)) return stored;
  const raw = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretError('A stored secret is damaged.');
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch (err) {
    throw new SecretError('A stored secret cannot be read: it is damaged or was sealed with another SECRET_KEY.', {
      cause: err,
    });
  }
}
