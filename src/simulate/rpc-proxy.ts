/**
 * A loopback HTTP proxy between an in-process fork (EDR) and the remote JSON-RPC node.
 *
 * EDR reads remote state one account or one slot per request, and again for every call it
 * executes, which costs about a thousand round trips per simulation. The proxy answers
 * from a per-block cache (`ForkStateCache`) instead, and asks the remote only for what the
 * cache lacks, in batches (`fetch`). In `speculative` mode a state read the cache lacks is
 * answered as an empty account or slot and recorded (`misses`), without a round trip: a
 * discovery pass learns what a simulation will read, the misses are fetched in one batch,
 * and a pass that missed nothing ran on real state only (see fork-simulation.ts).
 *
 * `roundTrips` counts HTTP requests that reached the remote (a batch counts once), so
 * `meta.simulation.roundTrips` is what the remote node really saw. `delayMs` adds latency
 * to every one of them (the benchmark's 50 ms remote).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cacheKey, emptyStateAnswer, isStateRead, type ForkStateCache, type JsonRpcCall, type RpcAnswer } from './fork-state-cache.ts';

export interface RpcProxy {
  readonly url: string;
  /** The per-block cache the proxy answers from (shared by every fork of the same remote). */
  readonly cache: ForkStateCache;
  /** HTTP requests sent to the remote node (a batch counts once). */
  roundTrips(): number;
  /** JSON-RPC calls sent to the remote node (every item of a batch counts). */
  calls(): number;
  /** Answer uncached state reads as empty and record them, instead of asking the remote. */
  speculative: boolean;
  /** The block the fork is pinned at: `eth_blockNumber` is answered with it, without a round trip. */
  pinnedBlock: bigint | undefined;
  /** State reads answered as empty since the last `clearMisses()`. */
  misses(): JsonRpcCall[];
  clearMisses(): void;
  /** Sends `calls` to the remote in batches (one round trip per 500 calls, sent together) and caches the answers. */
  fetch(calls: readonly JsonRpcCall[]): Promise<RpcAnswer[]>;
  close(): Promise<void>;
}

export interface RpcProxyOptions {
  readonly cache: ForkStateCache;
  readonly delayMs?: number;
  readonly timeoutMs?: number;
}

const BATCH_LIMIT = 500;

function parseCalls(body: string): { calls: { id: unknown; call: JsonRpcCall }[]; batch: boolean } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const items = Array.isArray(parsed) ? (parsed as unknown[]) : [parsed];
  const calls: { id: unknown; call: JsonRpcCall }[] = [];
  for (const item of items) {
    if (typeof item !== 'object' || item === null) return null;
    const { id, method, params } = item as { id?: unknown; method?: unknown; params?: unknown };
    if (typeof method !== 'string') return null;
    calls.push({ id: id ?? null, call: { method, params: Array.isArray(params) ? params : [] } });
  }
  return { calls, batch: Array.isArray(parsed) };
}

function upstreamError(error: unknown): RpcAnswer {
  return { error: { code: -32603, message: `upstream: ${error instanceof Error ? error.message : String(error)}` } };
}

export async function startRpcProxy(target: string, options: RpcProxyOptions): Promise<RpcProxy> {
  const { cache } = options;
  let roundTrips = 0;
  let calls = 0;
  const missed = new Map<string, JsonRpcCall>();
  // Reads the remote answered with an error: asked again when EDR needs them, never assumed empty.
  const failed = new Set<string>();

  /** One HTTP request to the remote carrying `batch` (sent as a single call when it holds one). */
  async function upstream(batch: readonly JsonRpcCall[]): Promise<RpcAnswer[]> {
    roundTrips += 1;
    calls += batch.length;
    const payload = batch.map((c, i) => ({ jsonrpc: '2.0', id: i, method: c.method, params: c.params }));
    try {
      if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
      const response = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload.length === 1 ? payload[0] : payload),
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
      const text = await response.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new Error(`HTTP ${response.status}: not JSON (${text.slice(0, 80)})`);
      }
      const items = Array.isArray(body) ? (body as unknown[]) : [body];
      const byId = new Map<unknown, RpcAnswer>();
      for (const item of items) {
        if (typeof item !== 'object' || item === null) continue;
        const { id, result, error } = item as { id?: unknown; result?: unknown; error?: { code: number; message: string } };
        byId.set(id, error !== undefined ? { error } : { result: result ?? null });
      }
      // A node that refuses batches answers one error for the whole request: every call gets it.
      const whole = !Array.isArray(body) && payload.length > 1 ? byId.values().next().value : undefined;
      return payload.map(
        (p) =>
          byId.get(p.id) ?? whole ?? { error: { code: -32603, message: `upstream: no answer for ${p.method} (HTTP ${response.status})` } },
      );
    } catch (error) {
      return batch.map(() => upstreamError(error));
    }
  }

  async function fetchCalls(list: readonly JsonRpcCall[]): Promise<RpcAnswer[]> {
    if (list.length === 0) return [];
    const chunks: JsonRpcCall[][] = [];
    for (let i = 0; i < list.length; i += BATCH_LIMIT) chunks.push(list.slice(i, i + BATCH_LIMIT));
    const answers = (await Promise.all(chunks.map((c) => upstream(c)))).flat();
    list.forEach((c, i) => {
      const answer = answers[i]!;
      cache.set(c, answer);
      if ('error' in answer) failed.add(cacheKey(c));
    });
    return answers;
  }

  const proxy = {
    url: '',
    cache,
    speculative: false,
    pinnedBlock: undefined as bigint | undefined,
    roundTrips: () => roundTrips,
    calls: () => calls,
    misses: () => [...missed.values()],
    clearMisses: () => missed.clear(),
    fetch: fetchCalls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  async function answer(body: string): Promise<unknown> {
    const parsed = parseCalls(body);
    if (!parsed) {
      // EDR sends well-formed JSON-RPC only; anything else is answered as a node would.
      return { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request' } };
    }
    const out: RpcAnswer[] = new Array<RpcAnswer>(parsed.calls.length);
    const forward: number[] = [];
    parsed.calls.forEach(({ call }, i) => {
      const hit = cache.get(call);
      if (hit) out[i] = hit;
      else if (call.method === 'eth_blockNumber' && proxy.pinnedBlock !== undefined)
        out[i] = { result: `0x${proxy.pinnedBlock.toString(16)}` };
      else if (proxy.speculative && isStateRead(call) && !failed.has(cacheKey(call))) {
        missed.set(cacheKey(call), call);
        out[i] = emptyStateAnswer(call);
      } else forward.push(i);
    });
    const fetched = await fetchCalls(forward.map((i) => parsed.calls[i]!.call));
    forward.forEach((i, k) => (out[i] = fetched[k]!));
    const envelopes = parsed.calls.map(({ id }, i) => ({ jsonrpc: '2.0', id, ...out[i]! }));
    return parsed.batch ? envelopes : envelopes[0];
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      answer(Buffer.concat(chunks).toString('utf8')).then(
        (body) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        },
        (error: unknown) => {
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ jsonrpc: '2.0', id: null, ...upstreamError(error) }));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  proxy.url = `http://127.0.0.1:${port}`;
  return proxy;
}
