/**
 * A loopback HTTP proxy in front of a remote JSON-RPC node that counts round trips (HTTP
 * requests, a batch counting once) and the JSON-RPC calls in them. The fork is pointed at
 * it, so `meta.simulation.roundTrips` is what the remote node really saw. `delayMs` adds
 * latency to every request (the benchmark's 50 ms remote).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RpcProxy {
  readonly url: string;
  roundTrips(): number;
  calls(): number;
  close(): Promise<void>;
}

export async function startRpcProxy(target: string, options: { delayMs?: number; timeoutMs?: number } = {}): Promise<RpcProxy> {
  let roundTrips = 0;
  let calls = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        roundTrips += 1;
        try {
          const parsed = JSON.parse(body.toString('utf8')) as unknown;
          calls += Array.isArray(parsed) ? parsed.length : 1;
        } catch {
          calls += 1;
        }
        try {
          if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
          const answer = await fetch(target, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
            signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
          });
          const text = await answer.text();
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(text);
        } catch (error) {
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              jsonrpc: '2.0',
              id: null,
              error: { code: -32603, message: `upstream: ${error instanceof Error ? error.message : String(error)}` },
            }),
          );
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    roundTrips: () => roundTrips,
    calls: () => calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
