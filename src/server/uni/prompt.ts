import type { EgressLog } from '../egress/fetch.js';
import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { endpointOf } from './config.js';
import { LlmError, streamChat, type ChatMessage } from './llm.js';
import { checkModelProposal, parseProposal, proposableApps, type ProposableApp } from './proposals.js';
import type { Citation, PromptBody, Proposal, Thread } from './schemas.js';
import { findPassages } from './sources.js';
import { addMessage, createThread, ownThread, threadMessages } from './threads.js';
import { countPrompt, estimateTokens } from './usage.js';

export type Send = (event: string, data: unknown) => void;

/** Where the prompt runs: the thread is checked (404 for anyone else's) before the stream starts. */
export async function openThread(tdb: TenantDb, user: AuthUser, b: PromptBody): Promise<Thread> {
  return b.threadId ? ownThread(tdb, user, b.threadId) : createThread(tdb, user, b.message);
}

const MARK = '```proposal';

/** Passes text on as it streams but holds back a trailing draft block (```proposal {json}```), kept apart. */
class ProposalSplitter {
  private held = '';
  private block: string | null = null;
  constructor(private readonly emit: (text: string) => void) {}
  push(text: string) {
    if (this.block !== null) return void (this.block += text);
    this.held += text;
    const at = this.held.indexOf(MARK);
    if (at >= 0) {
      this.emitText(this.held.slice(0, at));
      this.block = this.held.slice(at + MARK.length);
      this.held = '';
      return;
    }
    // Keep back what could be the start of the marker.
    let keep = 0;
    for (let n = Math.min(MARK.length - 1, this.held.length); n > 0; n--)
      if (MARK.startsWith(this.held.slice(-n))) {
        keep = n;
        break;
      }
    this.emitText(this.held.slice(0, this.held.length - keep));
    this.held = this.held.slice(this.held.length - keep);
  }
  private emitText(t: string) {
    if (t) this.emit(t);
  }
  /** Flushes what was held and answers the draft's JSON, if any. */
  end(): unknown {
    this.emitText(this.held);
    this.held = '';
    if (this.block === null) return null;
    const json = this.block.replace(/```[\s\S]*$/, '').trim();
    try {
      return JSON.parse(json) as unknown;
    } catch {
      return null;
    }
  }
}

function systemPrompt(passages: Citation[], apps: ProposableApp[], lang: string): string {
  const lines = [
    'You are Uni, the assistant of a forms and workflow platform.',
    "Answer the user's question from the numbered passages below and cite them as [1], [2]. If they do not hold the answer, say so briefly.",
    `Answer in the language with code "${lang}".`,
    '',
    'Passages:',
    ...passages.map((p, i) => `[${i + 1}] ${p.title} (${p.link})\n${p.snippet}`),
  ];
  if (!passages.length) lines.push('(none found)');
  if (apps.length) {
    lines.push(
      '',
      'If the user asks to add a field to an app or to create a report, end your answer with one block:',
      '```proposal',
      '{"kind":"field","appId":"<id>","label":"<label>","type":"text|textarea|number|date|datetime|email|checkbox|dropdown"}',
      '```',
      'or {"kind":"report","appId":"<id>","title":"<title>","groupBy":{"column":"created_on","bucket":"month"},"measure":{"aggregate":"count"},"filter":{"column":"process_outcome","operator":"eq","value":"Rejected"}}.',
      'The change is only a draft the user reviews. Apps the user may change:',
      ...apps.map((a) => `- ${a.id}: ${a.name}${a.mayReport ? '' : ' (fields only)'}`),
    );
  }
  return lines.join('\n');
}

/**
 * Answers one message in a thread: the passages the user may read, an answer written by the tenant's language
 * model from them (or, without one, the passages themselves), a draft change where asked, all stored and counted.
 */
export async function runPrompt(
  tdb: TenantDb,
  user: AuthUser,
  thread: Thread,
  b: PromptBody,
  send: Send,
  opts: { allowPrivate: boolean; log?: EgressLog; signal?: AbortSignal },
): Promise<void> {
  const started = performance.now();
  const lang = b.lang ?? 'en';
  send('thread', { threadId: thread.id, title: thread.title });
  const history = (await threadMessages(tdb, thread.id, 10)).filter((m) => m.content);
  await addMessage(tdb, user, thread.id, { role: 'user', content: b.message });
  const [passages, apps, endpoint] = await Promise.all([
    // A failing search still lets Uni answer, only without sources.
    findPassages(tdb, user, b.message, lang).catch((err: unknown) => {
      opts.log?.warn({ err }, 'assistant retrieval failed');
      return [];
    }),
    proposableApps(tdb, user),
    endpointOf(tdb),
  ]);
  let proposal: Proposal | null = parseProposal(b.message, apps);
  let text = '';
  let failed = false;
  let promptTokens = 0;
  let completionTokens = 0;
  if (endpoint) {
    const messages: ChatMessage[] = [
      { role: 'system', content: systemPrompt(passages, apps, lang) },
      ...history.map((m) => ({ role: m.role, content: m.content })),
      { role: 'user', content: b.message },
    ];
    const splitter = new ProposalSplitter((t) => {
      text += t;
      send('token', { text: t });
    });
    try {
      const res = await streamChat(endpoint, messages, (t) => splitter.push(t), opts);
      proposal = checkModelProposal(splitter.end(), apps) ?? proposal;
      promptTokens = res.promptTokens ?? estimateTokens(messages.map((m) => m.content).join('\n'));
      completionTokens = res.completionTokens ?? estimateTokens(res.text);
    } catch (err) {
      if (!(err instanceof LlmError)) throw err;
      splitter.end();
      failed = true;
      send('error', { message: err.message });
    }
  }
  send('citations', passages);
  const messageId = await addMessage(tdb, user, thread.id, {
    role: 'assistant',
    content: text,
    citations: passages,
    proposal,
  });
  if (proposal) send('proposal', { draftId: messageId, proposal });
  await countPrompt(tdb, user, { promptTokens, completionTokens, ms: performance.now() - started, failed });
  send('done', { messageId, usage: { promptTokens, completionTokens } });
}
