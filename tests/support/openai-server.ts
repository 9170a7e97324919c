import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the local endpoint received: its authorization and the chat messages (the model's whole context). */
export interface SeenChat {
  path: string;
  authorization: string | undefined;
  model: string;
  stream: boolean;
  messages: { role: string; content: string }[];
}

export type OpenAiMode = 'ok' | 'unauthorized' | 'hang' | 'broken';

/**
 * A local OpenAI-compatible endpoint: POST /v1/chat/completions with `stream: true` answers server-sent events in
 * the chat.completion.chunk shape (`data: {...}` lines, the usage in the last chunk, then `data: [DONE]`). The
 * answer is `reply(messages)`, sent a few characters per chunk; `mode` makes it fail the ways real endpoints do.
 */
export async function startOpenAiServer(opts: { apiKey: string; reply?: (messages: SeenChat['messages']) => string }) {
  const seen: SeenChat[] = [];
  let mode: OpenAiMode = 'ok';
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const parsed = JSON.parse(body || '{}') as { model?: string; stream?: boolean; messages?: SeenChat['messages'] };
      const chat: SeenChat = {
        path: req.url ?? '',
        authorization: req.headers.authorization,
        model: parsed.model ?? '',
        stream: parsed.stream === true,
        messages: parsed.messages ?? [],
      };
      seen.push(chat);
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
        return res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      if (mode === 'unauthorized' || req.headers.authorization !== `Bearer ${opts.apiKey}`)
        return res
          .writeHead(401, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'Incorrect API key provided.', type: 'invalid_request_error' } }));
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      if (mode === 'hang') {
        hanging.add(res);
        return res.write(': waiting\n\n');
      }
      const text = (opts.reply ?? (() => 'Hello from the model.'))(chat.messages);
      const chunk = (delta: object, extra: object = {}) =>
        `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: chat.model, choices: [{ index: 0, delta, finish_reason: null }], ...extra })}\n\n`;
      res.write(chunk({ role: 'assistant', content: '' }));
      for (let i = 0; i < text.length; i += 7) res.write(chunk({ content: text.slice(i, i + 7) }));
      // Cut off mid-answer, once the first chunks are on their way.
      if (mode === 'broken') return void setTimeout(() => res.destroy(), 50);
      res.write(
        `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 } })}\n\n`,
      );
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    seen,
    setMode: (m: OpenAiMode) => (mode = m),
    close: async () => {
      for (const r of hanging) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The events of a server-sent-events body, in order: `{ event, data }` with data parsed as JSON. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the events it expects
export function sseEvents(body: string): { event: string; data: any }[] {
  return body
    .split('\n\n')
    .filter((b) => b.trim())
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)?.[1] ?? 'message',
      data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null'),
    }));
}
