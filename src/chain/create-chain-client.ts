/**
 * The chain client every reader takes first: a viem public client over batched HTTP
 * JSON-RPC with timeouts, retries with exponential backoff and a per-network limit on
 * concurrent HTTP requests, plus counters (round trips) for the benchmark.
 */
import { createPublicClient, http, type PublicClient } from 'viem';
import { chainDetails, rpcUrlFor, type ChainDetails } from './chain-details.ts';
import { networkBySymbol } from './networks.ts';
import { ChainError } from './chain-errors.ts';

export interface ChainClient {
  readonly network: string;
  readonly chainId: number;
  readonly details: ChainDetails;
  readonly rpcUrl: string;
  readonly public: PublicClient;
  /** HTTP requests sent (each may carry a batch of JSON-RPC calls): the round trips. */
  readonly stats: { requests: number; calls: number };
}

export interface CreateChainClientOptions {
  /** Overrides `RPC_URL_<SYMBOL>` and the public default. */
  readonly rpcUrl?: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Per-request timeout in ms (default 10,000). */
  readonly timeoutMs?: number;
  /** Retries after the first attempt (default 3), with exponential backoff from `retryDelayMs`. */
  readonly retryCount?: number;
  readonly retryDelayMs?: number;
  /** Concurrent HTTP requests per network (default 4), shared by all clients of the network. */
  readonly concurrency?: number;
  /** JSON-RPC calls per HTTP batch (default 100). */
  readonly batchSize?: number;
  /**
   * Longest wait for a node's response headers, connect included (default 4,000 ms). A
   * node that accepts connections but never answers is then treated as down for
   * `unresponsiveMs` (default 10,000): retries in that window fail at once.
   */
  readonly firstByteTimeoutMs?: number;
  readonly unresponsiveMs?: number;
  readonly now?: () => number;
  /** Extra HTTP headers on every request (the service's pass to its own devnet). */
  readonly headers?: Readonly<Record<string, string>>;
}

class Semaphore {
  private active = 0;
  private readonly queue: (() => void)[] = [];
  constructor(private readonly limit: number) {}
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.active += 1;
    try {
      return await task();
    } finally {
      this.active -= 1;
      this.queue.shift()?.();
    }
  }
}

const semaphores = new Map<string, Semaphore>();

/**
 * Creates a client for a network symbol.
 *
 * @example
 * const client = createChainClient('BSC', {});            // RPC_URL_BSC or the public default
 * const local = createChainClient('LOCAL', { rpcUrl: 'http://127.0.0.1:8545' });
 */
export function createChainClient(network: string, options: CreateChainClientOptions = {}): ChainClient {
  const spec = networkBySymbol(network);
  const details = chainDetails(network);
  if (!spec || !details) throw new ChainError('unknown-network', `unknown network: ${network}`, { network });
  if (spec.family !== 'evm' || spec.chainId === null)
    throw new ChainError('unknown-network', `not an EVM network: ${network}`, { network });
  const rpcUrl = options.rpcUrl ?? rpcUrlFor(network, options.env ?? process.env);
  if (!rpcUrl) throw new ChainError('unknown-network', `no RPC URL for ${network}: set RPC_URL_${network}`, { network });

  const key = `${network} ${options.concurrency ?? 4}`;
  let semaphore = semaphores.get(key);
  if (!semaphore) semaphores.set(key, (semaphore = new Semaphore(options.concurrency ?? 4)));
  const limiter = semaphore;
  const stats = { requests: 0, calls: 0 };
  const firstByteMs = options.firstByteTimeoutMs ?? 4_000;
  const unresponsiveMs = options.unresponsiveMs ?? 10_000;
  const now = options.now ?? Date.now;
  let unresponsiveUntil = 0;
  const boundedFetch: typeof fetch = async (input, init) => {
    if (now() < unresponsiveUntil) throw new ChainError('timeout', `${network} node did not answer within ${firstByteMs} ms`, { network });
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), firstByteMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal;
    try {
      // fetch resolves when the headers arrive: the first byte.
      return await fetch(input, { ...init, signal });
    } catch (error) {
      if (controller.signal.aborted && !init?.signal?.aborted) {
        unresponsiveUntil = now() + unresponsiveMs;
        throw new ChainError('timeout', `${network} node did not answer within ${firstByteMs} ms`, { network });
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
  const fetchFn: typeof fetch = (input, init) =>
    limiter.run(() => {
      stats.requests += 1;
      try {
        const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
        stats.calls += Array.isArray(body) ? body.length : 1;
      } catch {
        stats.calls += 1;
      }
      return boundedFetch(input, init);
    });

  const retryDelay = options.retryDelayMs ?? 150;
  const publicClient = createPublicClient({
    transport: http(rpcUrl, {
      batch: { batchSize: options.batchSize ?? 100, wait: 0 },
      timeout: options.timeoutMs ?? 10_000,
      retryCount: options.retryCount ?? 3,
      retryDelay,
      fetchFn,
      ...(options.headers ? { fetchOptions: { headers: { ...options.headers } } } : {}),
    }),
    // No viem chain object: readers pass multicall addresses from our table themselves.
  }) as PublicClient;
  return { network, chainId: spec.chainId, details, rpcUrl, public: publicClient, stats };
}
