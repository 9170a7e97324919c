import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SEALED_PREFIX, SecretError, isSealed, openSecret, sealSecret, secretKey } from './secrets.js';

const key = crypto.randomBytes(32);
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ff-secrets-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('sealSecret / openSecret', () => {
  it('round-trips, with a fresh IV each time and no plain text in the stored value', () => {
    const plain = 'client-secret-ünïcode-✓';
    const a = sealSecret(plain, key, 'tenant-1');
    const b = sealSecret(plain, key, 'tenant-1');
    expect(a.startsWith(SEALED_PREFIX)).toBe(true);
    expect(isSealed(a)).toBe(true);
    expect(a).not.toBe(b);
    expect(a).not.toContain('client-secret');
    expect(openSecret(a, key, 'tenant-1')).toBe(plain);
    expect(openSecret(b, key, 'tenant-1')).toBe(plain);
    expect(openSecret(sealSecret('', key), key)).toBe('');
  });

  it('detects tampering', () => {
    const sealed = sealSecret('s3cret', key);
    const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
    for (const at of [0, 14, raw.length - 1]) {
      const bad = Buffer.from(raw);
      bad[at]! ^= 1;
      expect(() => openSecret(SEALED_PREFIX + bad.toString('base64url'), key)).toThrow(SecretError);
    }
    expect(() => openSecret(SEALED_PREFIX + 'AAAA', key)).toThrow('A stored secret is damaged.');
  });

  it('refuses another key and another context', () => {
    const sealed = sealSecret('s3cret', key, 'tenant-1');
    expect(() => openSecret(sealed, crypto.randomBytes(32), 'tenant-1')).toThrow(
      'A stored secret cannot be read: it is damaged or was sealed with another SECRET_KEY.',
    );
    expect(() => openSecret(sealed, key, 'tenant-2')).toThrow(SecretError);
  });

  it('reads a value stored before encryption as it is', () => {
    expect(isSealed('legacy-plain-secret')).toBe(false);
    expect(openSecret('legacy-plain-secret', key, 'tenant-1')).toBe('legacy-plain-secret');
  });
});

describe('secretKey', () => {
  it('uses SECRET_KEY when set', () => {
    const b64 = crypto.randomBytes(32).toString('base64');
    const dataDir = tempDir();
    expect(secretKey({ secretKey: b64, dataDir }).toString('base64')).toBe(b64);
    expect(fs.existsSync(path.join(dataDir, 'secret.key'))).toBe(false);
    expect(() => secretKey({ secretKey: 'c2hvcnQ=', dataDir })).toThrow('SECRET_KEY must hold 32 bytes in base64.');
  });

  it('otherwise creates a key file once, readable by the owner only, and keeps using it', () => {
    const dataDir = path.join(tempDir(), 'nested');
    const first = secretKey({ dataDir });
    const file = path.join(dataDir, 'secret.key');
    expect(first).toHaveLength(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64').equals(first)).toBe(true);
    expect(secretKey({ dataDir }).equals(first)).toBe(true);
    // A fresh process (no in-memory copy) reads the same file rather than making a new key.
    const other = tempDir();
    fs.writeFileSync(path.join(other, 'secret.key'), first.toString('base64'));
    expect(secretKey({ dataDir: other }).equals(first)).toBe(true);
  });
});
