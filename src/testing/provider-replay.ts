/**
 * A local HTTP server that answers like a third-party API, for the enrichment adapters'
 * tests: each route (path plus query, exactly as the adapter sends it) replays one recorded
 * answer — status, headers and body — so a test can serve the provider's real success,
 * error and rate-limit formats, and bodies that are not JSON at all.
 *
 * Anything not routed gets `fallback` (a 404 by default), and every request is recorded
 * with its headers so tests can check the key went in the provider's header.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';

export interface ReplayAnswer {
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** A string is sent as it is (to replay broken JSON or HTML); anything else as JSON. */
  readonly body?: unknown;
  /** Never answer (for testing the caller's abort signal). */
  readonly hang?: boolean;
}

export interface ReplayRequest {
  /** Path and query as received, e.g. `/r/ethereum/about.json`. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

export interface ProviderReplay {
  /** `http://127.0.0.1:PORT` plus the prefix given to `startProviderReplay`. */
  readonly baseUrl: string;
  /** Routes keyed by path and query relative to the prefix; tests may change them between calls. */
  readonly routes: Map<string, ReplayAnswer>;
  readonly requests: ReplayRequest[];
  /** Resolves when the next request arrives (to abort a hanging call without sleeping). */
  nextRequest(): Promise<ReplayRequest>;
  close(): Promise<void>;
}

/**
 * Starts the server on 127.0.0.1 with a random port.
 * @example const api = await startProviderReplay({ '/coins/x': { body: {...} } }, '/api/v3');
 */
export async function startProviderReplay(
  routes: Readonly<Record<string, ReplayAnswer>>,
  prefix = '',
  fallback: ReplayAnswer = { status: 404, body: { message: 'Not Found' } },
): Promise<ProviderReplay> {
  const table = new Map(Object.entries(routes));
  const requests: ReplayRequest[] = [];
  let waiters: ((r: ReplayRequest) => void)[] = [];
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    const request: ReplayRequest = { url: url.startsWith(prefix) ? url.slice(prefix.length) : url, headers: req.headers };
    requests.push(request);
    for (const wake of waiters) wake(request);
    waiters = [];
    const answer = url.startsWith(prefix) ? (table.get(request.url) ?? fallback) : fallback;
    if (answer.hang) return;
    const body = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json; charset=utf-8', ...answer.headers });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${prefix}`,
    routes: table,
    requests,
    nextRequest: () => new Promise((resolve) => waiters.push(resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A provider context for tests: the real fetch, a signal the test may abort, a fixed clock. */
export function testProviderContext(now = new Date('2026-11-26T00:00:00Z'), controller = new AbortController()) {
  return { fetch: globalThis.fetch, signal: controller.signal, now: () => now };
}

/** A recorded answer from an adapter's `__fixtures__` folder, as the text the provider sent. */
export function fixtureText(folder: URL, name: string): string {
  return readFileSync(new URL(name, folder), 'utf8');
}
