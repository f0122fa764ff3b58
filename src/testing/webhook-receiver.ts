/**
 * A local HTTP server standing in for a watch's webhook receiver (tests and benchmarks).
 * It keeps every request (raw body and headers) and counts unique idempotency keys, the
 * way a real receiver deduplicates; `answer` decides each reply (status, delay, redirect),
 * so one receiver plays a healthy, failing, slow or redirecting endpoint.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly at: number;
}

export type ReceiverAnswer =
  | { readonly status: number; readonly headers?: Record<string, string>; readonly body?: string }
  /** Never answers (until the server closes): a receiver that hangs. */
  | { readonly hang: true };

export interface WebhookReceiver {
  readonly url: string;
  readonly port: number;
  readonly received: ReceivedWebhook[];
  /** Idempotency keys seen, each once. */
  readonly keys: Set<string>;
  /** Decides the reply to each request; default 204. */
  answer: (request: ReceivedWebhook) => ReceiverAnswer | Promise<ReceiverAnswer>;
  /** Resolves once `count` distinct idempotency keys have arrived. */
  waitForKeys(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(host = '127.0.0.1'): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const keys = new Set<string>();
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const hanging = new Set<ServerResponse>();
  const receiver: WebhookReceiver = {
    url: '',
    port: 0,
    received,
    keys,
    answer: () => ({ status: 204 }),
    waitForKeys: (count) => (keys.size >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve }))),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: ReceivedWebhook = {
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      received.push(request);
      void Promise.resolve(receiver.answer(request)).then((answer) => {
        if ('hang' in answer) {
          hanging.add(res);
          res.on('close', () => hanging.delete(res));
          return;
        }
        // Counted once answered 2xx: a key the receiver refused has not been taken in.
        const key = req.headers['scopeward-idempotency-key'];
        if (answer.status >= 200 && answer.status < 300 && typeof key === 'string') {
          keys.add(key);
          for (const waiter of waiters.filter((w) => keys.size >= w.count)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve();
          }
        }
        res.writeHead(answer.status, answer.headers ?? {});
        res.end(answer.body ?? '');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(receiver, { url: `http://${host}:${port}`, port });
}
