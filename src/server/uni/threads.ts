import crypto from 'node:crypto';
import { notFound } from '../http/errors.js';
import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { Citation, Message, Proposal, Thread, ThreadDetail } from './schemas.js';

const THREAD_COLUMNS = ['id', 'title', 'created_on', 'modified_on'] as const;

/** A thread of the user's own; anyone else's (or none) is 404, so ids of others' threads are not confirmed. */
export async function ownThread(tdb: TenantDb, user: AuthUser, id: string): Promise<Thread> {
  const t = await tdb
    .selectFrom('uni_threads')
    .select([...THREAD_COLUMNS])
    .where('id', '=', id)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (!t) throw notFound('Conversation not found');
  return t;
}

export async function listThreads(tdb: TenantDb, user: AuthUser): Promise<Thread[]> {
  return tdb
    .selectFrom('uni_threads')
    .select([...THREAD_COLUMNS])
    .where('user_id', '=', user.id)
    .orderBy('modified_on', 'desc')
    .orderBy('id')
    .limit(200)
    .execute();
}

type MessageRow = {
  id: string;
  role: string;
  content: string;
  citations: string;
  proposal: string | null;
  created_on: string;
};
const messageView = (m: MessageRow): Message => ({
  id: m.id,
  role: m.role === 'user' ? 'user' : 'assistant',
  content: m.content,
  citations: JSON.parse(m.citations) as Citation[],
  proposal: m.proposal ? (JSON.parse(m.proposal) as Proposal) : null,
  created_on: m.created_on,
});

export async function threadMessages(tdb: TenantDb, threadId: string, last = 500): Promise<Message[]> {
  const rows = await tdb
    .selectFrom('uni_messages')
    .select(['id', 'role', 'content', 'citations', 'proposal', 'created_on'])
    .where('thread_id', '=', threadId)
    .orderBy('seq', 'desc')
    .limit(last)
    .execute();
  return rows.reverse().map(messageView);
}

export async function threadDetail(tdb: TenantDb, user: AuthUser, id: string): Promise<ThreadDetail> {
  const t = await ownThread(tdb, user, id);
  return { ...t, messages: await threadMessages(tdb, id) };
}

export async function createThread(tdb: TenantDb, user: AuthUser, firstMessage: string): Promise<Thread> {
  const now = new Date().toISOString();
  const title = firstMessage.replace(/\s+/g, ' ').trim().slice(0, 80) || 'Conversation';
  const t = { id: crypto.randomUUID(), title, created_on: now, modified_on: now };
  await tdb.insertInto('uni_threads', { ...t, user_id: user.id }).execute();
  return t;
}

export async function renameThread(tdb: TenantDb, user: AuthUser, id: string, title: string): Promise<Thread> {
  await ownThread(tdb, user, id);
  const now = new Date().toISOString();
  await tdb
    .updateTable('uni_threads')
    .set({ title: title.trim().slice(0, 200), modified_on: now })
    .where('id', '=', id)
    .where('user_id', '=', user.id)
    .execute();
  return ownThread(tdb, user, id);
}

export async function deleteThread(tdb: TenantDb, user: AuthUser, id: string): Promise<{ id: string }> {
  await ownThread(tdb, user, id);
  await tdb.transaction(async (tx) => {
    await tx.deleteFrom('uni_messages').where('thread_id', '=', id).where('user_id', '=', user.id).execute();
    await tx.deleteFrom('uni_threads').where('id', '=', id).where('user_id', '=', user.id).execute();
  });
  return { id };
}

/** Appends one message at the end of the thread and marks the thread as used now. */
export async function addMessage(
  tdb: TenantDb,
  user: AuthUser,
  threadId: string,
  m: { role: 'user' | 'assistant'; content: string; citations?: Citation[]; proposal?: Proposal | null },
): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const last = await tdb
    .selectFrom('uni_messages')
    .select((eb) => eb.fn.max<number>('seq').as('seq'))
    .where('thread_id', '=', threadId)
    .executeTakeFirst();
  await tdb
    .insertInto('uni_messages', {
      id,
      thread_id: threadId,
      user_id: user.id,
      seq: Number(last?.seq ?? 0) + 1,
      role: m.role,
      content: m.content,
      citations: JSON.stringify(m.citations ?? []),
      proposal: m.proposal ? JSON.stringify(m.proposal) : null,
      created_on: now,
    })
    .execute();
  await tdb.updateTable('uni_threads').set({ modified_on: now }).where('id', '=', threadId).execute();
  return id;
}

/** A proposal stored on one of the user's own messages (the designers' `?draft=` id). */
export async function ownProposal(tdb: TenantDb, user: AuthUser, messageId: string): Promise<Proposal> {
  const m = await tdb
    .selectFrom('uni_messages')
    .select('proposal')
    .where('id', '=', messageId)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (!m?.proposal) throw notFound('Draft not found');
  return JSON.parse(m.proposal) as Proposal;
}
