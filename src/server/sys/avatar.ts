import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser } from '../identity/user-info.js';
import { badRequest, notFound } from '../http/errors.js';
import { avatarOf, saveAvatar } from './queries.js';

/** Profile pictures: data URLs of PNG, JPEG or WebP images, kept on the user's row. */

const AVATAR_RE = /^data:image\/(png|jpeg|webp);base64,([A-Za-z0-9+/=]+)$/;
const AVATAR_MAX_BYTES = 256 * 1024;

/** Saves the caller's picture (null removes it); answers the message to show. */
export async function setAvatar(tdb: TenantDb, user: AuthUser, image: string | null): Promise<string> {
  if (image === null) {
    await saveAvatar(tdb, user.id, null);
    return 'Picture removed.';
  }
  const m = AVATAR_RE.exec(image);
  if (!m) throw badRequest('The picture must be a PNG, JPEG or WebP image.');
  if (Buffer.from(m[2] ?? '', 'base64').length > AVATAR_MAX_BYTES)
    throw badRequest('The picture may be at most 256 KB.');
  await saveAvatar(tdb, user.id, image);
  return 'Picture saved.';
}

/** A user's picture of this tenant as bytes and content type, or 404. */
export async function pictureOf(tdb: TenantDb, userId: string): Promise<{ type: string; bytes: Buffer }> {
  const avatar = await avatarOf(tdb, userId);
  const m = avatar ? AVATAR_RE.exec(avatar) : null;
  if (!m) throw notFound('No picture.');
  return { type: `image/${m[1]}`, bytes: Buffer.from(m[2] ?? '', 'base64') };
}
