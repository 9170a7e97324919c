import crypto from 'node:crypto';
import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { badRequest } from '../http/errors.js';
import { loadRecordFor } from '../access/index.js';
import { commentsOf, insertComment, userNames } from './queries.js';
import type { CommentPage, RecordComment, SendCommentBody } from './schemas.js';

const MAX_COMMENT = 4000;

/**
 * Comment times never repeat within a node: comments are listed newest first by time, then by their random id, so
 * two written in one millisecond came back in either order.
 */
let lastStamp = 0;
function commentTime(): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return new Date(lastStamp).toISOString();
}

/** A comment on a record the user may open (anyone else: not found). */
export async function sendComment(tdb: TenantDb, user: AuthUser, b: SendCommentBody): Promise<RecordComment> {
  const recordId = b.recordId || b.record_id;
  const message = (b.message ?? b.comment ?? '').trim();
  if (!recordId) throw badRequest('recordId is required.');
  if (!message) throw badRequest('Comment is required');
  if (message.length > MAX_COMMENT) throw badRequest(`A comment can have at most ${MAX_COMMENT} characters.`);
  const r = await loadRecordFor(tdb, user, recordId);
  const u = await userNames(tdb, user.id);
  const comment: RecordComment = {
    id: crypto.randomUUID(),
    record_id: r.id,
    author_id: user.id,
    author_name: u?.fullname || u?.username || '',
    message,
    created_on: commentTime(),
  };
  await insertComment(tdb, { ...comment, module_id: r.module_id });
  return comment;
}

/** A page of a record's comments, newest first, for the people who may open the record. */
export async function listComments(
  tdb: TenantDb,
  user: AuthUser,
  recordId: string,
  page: number,
  length: number,
): Promise<CommentPage> {
  const r = await loadRecordFor(tdb, user, recordId);
  const rows = await commentsOf(tdb, r.id, page, length);
  return { comments: rows.slice(0, length), page, length, more: rows.length > length };
}
