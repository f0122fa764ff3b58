/**
 * Remote chain state a fork has read, kept per remote and per block so that later forks
 * of the same block (the next simulation, an owner-action check, a holder replay) never
 * ask the remote again.
 *
 * An answer is cached only when it cannot change: the state methods EDR uses to fork
 * (`eth_getBalance`, `eth_getTransactionCount`, `eth_getCode`, `eth_getStorageAt`) and
 * `eth_getBlockByNumber` / `eth_getLogs` at an explicit block number, plus the chain's
 * identity (`eth_chainId`, `net_version`). A tag such as `latest` is never cached.
 */

export interface JsonRpcCall {
  readonly method: string;
  readonly params: readonly unknown[];
}

/** A JSON-RPC answer without its envelope: `{ result }` or `{ error }`. */
export type RpcAnswer = { readonly result: unknown } | { readonly error: { code: number; message: string; data?: unknown } };

/** The state reads EDR sends per account and per storage slot while it executes on a fork. */
const STATE_METHODS = new Set(['eth_getBalance', 'eth_getTransactionCount', 'eth_getCode', 'eth_getStorageAt']);

const EMPTY_STATE: Record<string, string> = {
  eth_getBalance: '0x0',
  eth_getTransactionCount: '0x0',
  eth_getCode: '0x',
  eth_getStorageAt: `0x${'0'.repeat(64)}`,
};

const isBlockNumber = (v: unknown): boolean => typeof v === 'string' && /^0x[0-9a-fA-F]+$/.test(v);

/** Whether the answer to `call` is fixed forever (an explicit block, or the chain's identity). */
export function isCacheable(call: JsonRpcCall): boolean {
  const { method, params } = call;
  if (method === 'eth_chainId' || method === 'net_version') return true;
  if (STATE_METHODS.has(method)) return isBlockNumber(params.at(-1));
  if (method === 'eth_getBlockByNumber') return isBlockNumber(params[0]);
  if (method === 'eth_getLogs') {
    const filter = params[0] as { fromBlock?: unknown; toBlock?: unknown; blockHash?: unknown } | undefined;
    return !!filter && (typeof filter.blockHash === 'string' || (isBlockNumber(filter.fromBlock) && isBlockNumber(filter.toBlock)));
  }
  return false;
}

/** Whether `call` reads one account's or one slot's state (answered speculatively while state is being discovered). */
export function isStateRead(call: JsonRpcCall): boolean {
  return STATE_METHODS.has(call.method) && isBlockNumber(call.params.at(-1));
}

/** The answer an account that holds nothing gives: what a discovery pass assumes before the real value is fetched. */
export function emptyStateAnswer(call: JsonRpcCall): RpcAnswer {
  return { result: EMPTY_STATE[call.method] ?? null };
}

/** Cache key: addresses and slots are hex and case-insensitive, so the key is lower-cased. */
export function cacheKey(call: JsonRpcCall): string {
  return `${call.method}:${JSON.stringify(call.params).toLowerCase()}`;
}

export class ForkStateCache {
  private readonly entries = new Map<string, { call: JsonRpcCall; answer: RpcAnswer }>();

  /** `maxEntries` bounds memory: the least recently used answers are dropped first. */
  constructor(private readonly maxEntries = 200_000) {}

  get size(): number {
    return this.entries.size;
  }

  get(call: JsonRpcCall): RpcAnswer | undefined {
    const key = cacheKey(call);
    const hit = this.entries.get(key);
    if (hit === undefined) return undefined;
    // Map keeps insertion order: re-inserting marks it recently used.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.answer;
  }

  set(call: JsonRpcCall, answer: RpcAnswer): void {
    if (!isCacheable(call)) return;
    // Only results are kept: an error (a node behind on blocks, a transport failure) may not happen again.
    if ('error' in answer) return;
    const key = cacheKey(call);
    this.entries.delete(key);
    this.entries.set(key, { call, answer });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Every cached call with its answer, least recently used first. */
  list(): { call: JsonRpcCall; answer: RpcAnswer }[] {
    return [...this.entries.values()];
  }

  /**
   * Stores a prestate trace (`debug_traceCall` with `prestateTracer`): every account the
   * call touched with its balance, nonce, code and the storage slots it read, at `block`.
   * The tracer leaves out zero nonces and empty code, so a missing field is the empty value.
   */
  addPrestate(block: string, prestate: unknown): number {
    if (typeof prestate !== 'object' || prestate === null) return 0;
    let added = 0;
    for (const [address, raw] of Object.entries(prestate as Record<string, unknown>)) {
      if (!/^0x[0-9a-fA-F]{40}$/.test(address) || typeof raw !== 'object' || raw === null) continue;
      const account = raw as { balance?: unknown; nonce?: unknown; code?: unknown; storage?: unknown };
      const hex = (v: unknown, empty: string) => (typeof v === 'string' ? v : typeof v === 'number' ? `0x${v.toString(16)}` : empty);
      this.set({ method: 'eth_getBalance', params: [address, block] }, { result: hex(account.balance, '0x0') });
      this.set({ method: 'eth_getTransactionCount', params: [address, block] }, { result: hex(account.nonce, '0x0') });
      this.set({ method: 'eth_getCode', params: [address, block] }, { result: hex(account.code, '0x') });
      added += 3;
      if (typeof account.storage === 'object' && account.storage !== null) {
        for (const [slot, value] of Object.entries(account.storage as Record<string, unknown>)) {
          if (typeof value !== 'string') continue;
          // eth_getStorageAt is asked with the slot as EDR formats it: a quantity without leading zeros.
          this.set({ method: 'eth_getStorageAt', params: [address, quantity(slot), block] }, { result: value });
          added += 1;
        }
      }
    }
    return added;
  }
}

/** `0x000…05` → `0x5`: the form EDR writes storage slots in. */
export function quantity(hex: string): string {
  const digits = hex.replace(/^0x/, '').replace(/^0+/, '');
  return `0x${digits || '0'}`;
}

const caches = new Map<string, ForkStateCache>();

/** The cache of one remote node (its URL), shared by every fork of it in this process. */
export function forkStateCache(remoteUrl: string): ForkStateCache {
  let cache = caches.get(remoteUrl);
  if (!cache) {
    cache = new ForkStateCache();
    caches.set(remoteUrl, cache);
  }
  return cache;
}

/** Drops what was learnt of `remoteUrl` (the benchmark measures every simulation from a cold cache). */
export function forgetForkState(remoteUrl: string): void {
  caches.delete(remoteUrl);
}
