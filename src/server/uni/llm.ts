import { EgressError, egressFetch, type EgressLog } from '../egress/fetch.js';
import type { Endpoint } from './config.js';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmResult {
  text: string;
  promptTokens: number | null;
  completionTokens: number | null;
}

/** A failure fit to show the user (the endpoint's own words where it gave any). */
export class LlmError extends Error {
  override name = 'LlmError';
}

let timeoutMs = 60_000;
/** The whole call's bound (tests shorten it to see a hanging endpoint answered in time). */
export function setLlmTimeout(ms: number): void {
  timeoutMs = ms;
}

async function failureText(res: Response): Promise<string> {
  const text = (await res.text().catch(() => '')).slice(0, 2000);
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const msg = typeof body.error === 'string' ? body.error : (body.error?.message ?? body.message);
    if (typeof msg === 'string' && msg) return msg.slice(0, 300);
  } catch {
    // not JSON: the status alone says enough
  }
  return res.statusText || 'no details';
}

/**
 * POST {baseUrl}/chat/completions with stream: true through the egress module; hands each piece of text to
 * `onToken` as it arrives and answers the whole text with the endpoint's token counts (null when not reported).
 */
export async function streamChat(
  ep: Endpoint,
  messages: ChatMessage[],
  onToken: (text: string) => void,
  opts: { allowPrivate: boolean; log?: EgressLog; signal?: AbortSignal },
): Promise<LlmResult> {
  const host = (() => {
    try {
      return new URL(ep.baseUrl).host;
    } catch {
      return ep.baseUrl;
    }
  })();
  let res: Response;
  try {
    res = await egressFetch(
      `${ep.baseUrl}/chat/completions`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          ...(ep.apiKey ? { authorization: `Bearer ${ep.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: ep.model,
          stream: true,
          stream_options: { include_usage: true },
          temperature: 0.2,
          messages,
        }),
        ...(opts.signal ? { signal: opts.signal } : {}),
      },
      { allowPrivate: opts.allowPrivate, timeoutMs, log: opts.log, maxBytes: 2 * 1024 * 1024 },
    );
  } catch (err) {
    throw new LlmError(`The language model could not be reached: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!res.ok) throw new LlmError(`The language model at ${host} answered ${res.status}: ${await failureText(res)}`);
  if (!res.body) throw new LlmError(`The language model at ${host} sent an empty answer.`);

  const out: LlmResult = { text: '', promptTokens: null, completionTokens: null };
  const decoder = new TextDecoder();
  let buf = '';
  const handle = (line: string) => {
    if (!line.startsWith('data:')) return;
    const data = line.slice(5).trim();
    if (!data || data === '[DONE]') return;
    let chunk: {
      choices?: { delta?: { content?: unknown } }[];
      usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } | null;
      error?: { message?: unknown };
    };
    try {
      chunk = JSON.parse(data) as typeof chunk;
    } catch {
      return;
    }
    if (chunk.error) throw new LlmError(`The language model failed: ${String(chunk.error.message ?? 'unknown error')}`);
    const piece = chunk.choices?.[0]?.delta?.content;
    if (typeof piece === 'string' && piece) {
      out.text += piece;
      onToken(piece);
    }
    if (chunk.usage) {
      if (typeof chunk.usage.prompt_tokens === 'number') out.promptTokens = chunk.usage.prompt_tokens;
      if (typeof chunk.usage.completion_tokens === 'number') out.completionTokens = chunk.usage.completion_tokens;
    }
  };
  try {
    for await (const bytes of res.body as unknown as AsyncIterable<Uint8Array>) {
      buf += decoder.decode(bytes, { stream: true });
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        handle(buf.slice(0, nl).replace(/\r$/, ''));
        buf = buf.slice(nl + 1);
      }
    }
    handle(buf.trim());
  } catch (err) {
    if (err instanceof LlmError) throw err;
    const why = err instanceof EgressError ? err.message : `the answer from ${host} broke off`;
    throw new LlmError(`The language model stopped answering: ${why}`);
  }
  return out;
}
