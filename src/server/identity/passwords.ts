import crypto from 'node:crypto';
import argon2 from 'argon2';

/**
 * argon2id, 19 MiB, 4 passes: about 60–65 ms of one core per hash (bench/sign-in.bench.ts measures it; the target
 * is 50–150 ms), enough to slow offline guessing without making sign-in sluggish. Three passes measured 48 ms.
 * Hashes keep their own parameters, so older ones still verify.
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 4, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return argon2.hash(plain, OPTIONS);
}

export async function verifyPassword(hash: string | null, plain: string): Promise<boolean> {
  if (!hash) {
    // Spend the same time for a missing user so timing does not reveal whether the user exists.
    await argon2.hash(plain, OPTIONS);
    return false;
  }
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}

/** A readable one-time password: 16 characters from an unambiguous alphabet. */
export function generatePassword(length = 16): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  const bytes = crypto.randomBytes(length);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return out;
}
