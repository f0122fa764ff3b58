/**
 * A local server that speaks OpenAI's chat-completions protocol on the wire: POST
 * /v1/chat/completions answered as `chat.completion` JSON or as `chat.completion.chunk`
 * server-sent events ending in `data: [DONE]`, errors as {"error":{message,type,code}}
 * with their status (429 with Retry-After). Tests script each answer and read back the
 * requests it received, to check what the prompt held.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeBehaviour =
  /** Answer with this text: streamed in the given pieces when the request asks for a stream. */
  | { readonly kind: 'answer'; readonly pieces: readonly string[]; readonly usage?: { prompt_tokens: number; completion_tokens: number } }
  | { readonly kind: 'error'; readonly status: number; readonly message: string; readonly type?: string; readonly retryAfter?: number }
  /** Send these pieces, then cut the connection without [DONE]. */
  | { readonly kind: 'disconnect'; readonly pieces: readonly string[] }
  /** Accept the request and never answer. */
  | { readonly kind: 'hang' };

export interface FakeRequest {
  readonly headers: IncomingMessage['headers'];
  readonly body: { model?: string; stream?: boolean; messages?: Array<{ role: string; content: string }> };
}

export interface FakeChatServer {
  readonly baseUrl: string;
  readonly requests: FakeRequest[];
  /** The behaviour of the next requests (the last one stays for any further request). */
  script(...behaviours: FakeBehaviour[]): void;
  close(): Promise<void>;
}

function chunk(id: string, model: string, delta: Record<string, unknown>, finish: string | null = null): string {
  const body = {
    id,
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
  return `data: ${JSON.stringify(body)}\n\n`;
}

export async function startFakeChatServer(): Promise<FakeChatServer> {
  const requests: FakeRequest[] = [];
  let queue: FakeBehaviour[] = [{ kind: 'answer', pieces: ['Hello from the fake model.'] }];
  const hanging = new Set<ServerResponse>();
  let n = 0;

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          error: { message: `Unknown request URL: ${req.method} ${req.url}`, type: 'invalid_request_error', code: 'unknown_url' },
        }),
      );
      return;
    }
    let body: FakeRequest['body'];
    try {
      body = JSON.parse(raw) as FakeRequest['body'];
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          error: { message: 'We could not parse the JSON body of your request.', type: 'invalid_request_error', code: null },
        }),
      );
      return;
    }
    requests.push({ headers: req.headers, body });
    const behaviour = queue.length > 1 ? queue.shift()! : queue[0]!;
    const model = body.model ?? 'fake-model';
    const id = `chatcmpl-fake${++n}`;
    if (behaviour.kind === 'hang') {
      hanging.add(res);
      return;
    }
    if (behaviour.kind === 'error') {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (behaviour.retryAfter !== undefined) headers['retry-after'] = String(behaviour.retryAfter);
      res
        .writeHead(behaviour.status, headers)
        .end(JSON.stringify({ error: { message: behaviour.message, type: behaviour.type ?? 'server_error', param: null, code: null } }));
      return;
    }
    if (!body.stream) {
      const text = behaviour.pieces.join('');
      if (behaviour.kind === 'disconnect') {
        res.socket?.destroy();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created: 1_700_000_000,
          model,
          choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
          usage:
            behaviour.kind === 'answer' && behaviour.usage
              ? { ...behaviour.usage, total_tokens: behaviour.usage.prompt_tokens + behaviour.usage.completion_tokens }
              : undefined,
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.write(chunk(id, model, { role: 'assistant', content: '' }));
    for (const piece of behaviour.pieces) res.write(chunk(id, model, { content: piece }));
    if (behaviour.kind === 'disconnect') {
      // Cut once what was written has left, as a crashed server would.
      res.write('', () => setImmediate(() => res.socket?.destroy()));
      return;
    }
    res.write(chunk(id, model, {}, 'stop'));
    if (behaviour.usage) {
      const usage = { ...behaviour.usage, total_tokens: behaviour.usage.prompt_tokens + behaviour.usage.completion_tokens };
      res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 1_700_000_000, model, choices: [], usage })}\n\n`);
    }
    res.end('data: [DONE]\n\n');
  };

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => handle(req, res, raw));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...behaviours) => {
      queue = behaviours.length > 0 ? [...behaviours] : queue;
    },
    close: async () => {
      for (const res of hanging) res.socket?.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
