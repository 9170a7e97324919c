import axios from 'axios';
import { api, call } from '../api/client';
import type { Citation, Proposal, Thread, ThreadDetail, ThreadKey } from '../../server/uni/schemas';

export type { Citation, Message, Proposal, Thread, ThreadDetail } from '../../server/uni/schemas';

/** Spec section 9: the current AI thread id is kept in local storage. */
export const THREAD_KEY = 'uni.threadId';
export const storedThread = (): string | null => {
  try {
    return localStorage.getItem(THREAD_KEY);
  } catch {
    return null;
  }
};
export const storeThread = (id: string | null) => {
  try {
    if (id) localStorage.setItem(THREAD_KEY, id);
    else localStorage.removeItem(THREAD_KEY);
  } catch {
    // storage refused: the thread is still open for this page
  }
};

export const uniKeys = { threads: ['uni', 'threads'] as const, thread: (id: string) => ['uni', 'thread', id] as const };

export const listThreads = () => call<Thread[]>(api.get('/bot/threads'));
export const threadDetail = (id: string) => call<ThreadDetail>(api.get(`/bot/threads/${encodeURIComponent(id)}`));
export const renameThread = (id: string, title: string) =>
  call<Thread>(api.put(`/bot/threads/${encodeURIComponent(id)}`, { title }));
/** Deleting needs the sealed key of GET /api/bot/key (spec: "an encrypted key used to delete AI assistant threads"). */
export async function deleteThread(id: string): Promise<void> {
  const { key } = await call<ThreadKey>(api.get('/bot/key'));
  await call(api.delete(`/bot/threads/${encodeURIComponent(id)}`, { params: { key } }));
}
export const proposalDraft = (id: string) =>
  call<{ id: string; proposal: Proposal }>(api.get(`/bot/proposal/${encodeURIComponent(id)}`));

export interface PromptHandlers {
  thread(t: { threadId: string; title: string }): void;
  token(text: string): void;
  citations(c: Citation[]): void;
  proposal(p: { draftId: string; proposal: Proposal }): void;
  error(message: string): void;
}

/** The server's message in a failed streamed answer (its body is a stream, not parsed JSON). */
async function streamedError(err: unknown): Promise<Error> {
  if (!axios.isAxiosError(err) || !err.response) return err instanceof Error ? err : new Error(String(err));
  const data: unknown = err.response.data;
  const body =
    data instanceof ReadableStream
      ? ((await new Response(data).json().catch(() => null)) as { message?: string } | null)
      : (data as { message?: string } | null);
  return new Error(body?.message || `Uni could not answer (${err.response.status}).`);
}

/**
 * POST /api/bot/prompt and read its server-sent events as they come. It goes through the app's axios instance with
 * the fetch adapter, so the bearer token, the sign-out on 401 and the maintenance page apply as to every other call.
 */
export async function streamPrompt(
  body: { threadId?: string; message: string; lang?: string },
  on: PromptHandlers,
  signal?: AbortSignal,
): Promise<void> {
  let stream: ReadableStream<Uint8Array<ArrayBuffer>>;
  try {
    const res = await api.post<ReadableStream<Uint8Array<ArrayBuffer>>>('/bot/prompt', body, {
      adapter: 'fetch',
      responseType: 'stream',
      signal,
    });
    stream = res.data;
  } catch (e) {
    throw await streamedError(e);
  }
  const reader = stream.pipeThrough(new TextDecoderStream()).getReader();
  let buf = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += value;
    let end: number;
    while ((end = buf.indexOf('\n\n')) >= 0) {
      const block = buf.slice(0, end);
      buf = buf.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (!event || data === undefined) continue;
      const v = JSON.parse(data) as never;
      if (event === 'thread') on.thread(v);
      else if (event === 'token') on.token((v as { text: string }).text);
      else if (event === 'citations') on.citations(v);
      else if (event === 'proposal') on.proposal(v);
      else if (event === 'error') on.error((v as { message: string }).message);
    }
  }
}
