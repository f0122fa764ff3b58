/**
 * Who may call what on the devnet's JSON-RPC (README: "Devnet RPC policy").
 *
 * Reads are for anyone, with their cost bounded: `eth_call`, `eth_estimateGas` and the
 * trace calls run with a gas cap (EDR cannot interrupt a running call, so gas is what
 * bounds its time and memory), traces without memory/stack/storage and only up to a
 * size. Everything else (transactions, signing, cheat codes such as `hardhat_setBalance`
 * or `evm_revert`, filters) changes the chain every scan reads, so only a privileged
 * caller may send it: the service itself, a loopback client when the service listens on
 * loopback, an admin API key, or anyone when the operator set `DEVNET_RPC=open`.
 */

export type DevnetRpcMode = 'local' | 'open';

/** Methods that read the chain without changing it and cost little. */
const CHEAP_READS = new Set([
  'eth_chainId',
  'net_version',
  'net_listening',
  'net_peerCount',
  'web3_clientVersion',
  'web3_sha3',
  'eth_protocolVersion',
  'eth_syncing',
  'eth_mining',
  'eth_hashrate',
  'eth_coinbase',
  'eth_accounts',
  'eth_blockNumber',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_blobBaseFee',
  'eth_feeHistory',
  'eth_getBalance',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getTransactionCount',
  'eth_getProof',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getBlockTransactionCountByHash',
  'eth_getTransactionByHash',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionReceipt',
  'eth_getLogs',
]);

/** Reads that execute code: the gas cap applies. */
const EXECUTING_READS = new Set(['eth_call', 'eth_estimateGas']);
/** Reads that execute code and return a trace: a lower gas cap and a size limit apply. */
const TRACES = new Set(['debug_traceCall', 'debug_traceTransaction']);

export type MethodClass = 'read' | 'execute' | 'trace' | 'privileged';

export function classifyMethod(method: string): MethodClass {
  if (CHEAP_READS.has(method)) return 'read';
  if (EXECUTING_READS.has(method)) return 'execute';
  if (TRACES.has(method)) return 'trace';
  return 'privileged';
}

export interface RpcLimits {
  /** Gas given at most to an outside caller's `eth_call` / `eth_estimateGas`. */
  readonly callGasCap: bigint;
  /** Gas given at most to an outside caller's `debug_traceCall`. */
  readonly traceGasCap: bigint;
  /** Largest trace answered to an outside caller, in bytes of JSON. */
  readonly maxTraceBytes: number;
  /** Longest an outside caller's executing call may take before it is answered with an error. */
  readonly callTimeoutMs: number;
  /** Most items in one batch of an outside caller (each is also counted against the rate limit). */
  readonly maxBatchItems: number;
  /** Most blocks one outside `eth_getLogs` may span (`blockHash` filters span one). */
  readonly maxLogBlockRange: number;
  /** Most bytes of JSON answered to an outside caller for one request or batch, all items together. */
  readonly maxAnswerBytes: number;
}

export const DEFAULT_RPC_LIMITS: RpcLimits = {
  callGasCap: 1_000_000n,
  traceGasCap: 250_000n,
  maxTraceBytes: 2 * 1024 * 1024,
  callTimeoutMs: 5_000,
  maxBatchItems: 100,
  maxLogBlockRange: 10_000,
  maxAnswerBytes: 8 * 1024 * 1024,
};

/** JSON-RPC error codes of the policy (server-defined range). */
export const RPC_POLICY_ERRORS = {
  invalidRequest: -32600,
  notAllowed: -32001,
  tooLarge: -32002,
  timeout: -32003,
  rateLimited: -32005,
} as const;

export interface CallerRights {
  /** Whether the caller may send state-changing and debug methods, and is exempt from the caps. */
  readonly privileged: boolean;
}

export interface RightsInput {
  readonly mode: DevnetRpcMode;
  /** Whether the service listens on a loopback address only. */
  readonly loopbackHost: boolean;
  /** Whether the client's address is a loopback address. */
  readonly loopbackClient: boolean;
  /** Whether the caller presented a valid admin API key. */
  readonly adminKey: boolean;
  /** Whether the caller is this service (its own readers, with the per-process token). */
  readonly internal: boolean;
}

/**
 * The caller's rights. On a public HOST a loopback client is not trusted: a reverse proxy
 * on the same machine makes every outside client look local.
 */
export function callerRights(input: RightsInput): CallerRights {
  return { privileged: input.internal || input.mode === 'open' || input.adminKey || (input.loopbackHost && input.loopbackClient) };
}

const LOOPBACK_HOSTS = new Set(['localhost', '::1', '[::1]', '::ffff:127.0.0.1']);

/** Whether an address (a HOST setting or a client's address) is loopback. */
export function isLoopback(address: string): boolean {
  const a = address.trim().toLowerCase();
  return LOOPBACK_HOSTS.has(a) || /^127\.\d+\.\d+\.\d+$/.test(a) || /^::ffff:127\.\d+\.\d+\.\d+$/.test(a);
}

/** The host name of a Host header, without its port (IPv6 literals keep their brackets off). */
export function hostNameOf(header: string | undefined): string {
  if (!header) return '';
  const h = header.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']') > 0 ? h.indexOf(']') : undefined);
  const colon = h.lastIndexOf(':');
  return colon > 0 && h.indexOf(':') === colon ? h.slice(0, colon) : h;
}

/**
 * Whether a request sent to `hostHeader` may be answered. On a loopback HOST only
 * loopback names and the configured ones are: a rebinding page's requests carry its own
 * domain. On a public HOST the caller could reach the port directly anyway.
 */
export function isAllowedRpcHost(hostHeader: string | undefined, loopbackHost: boolean, allowed: readonly string[] = []): boolean {
  if (!loopbackHost) return true;
  const name = hostNameOf(hostHeader);
  return isLoopback(name) || allowed.some((a) => a.toLowerCase() === name);
}

interface RpcItem {
  readonly id?: unknown;
  readonly method?: unknown;
  readonly params?: unknown;
}

export type PolicyDecision =
  /** Send `request` to the node (its params possibly capped); `limits` apply to the answer. */
  | { readonly kind: 'forward'; readonly request: unknown; readonly cls: MethodClass }
  /** Answer `response` without calling the node. */
  | { readonly kind: 'refuse'; readonly response: object };

export function rpcError(id: unknown, code: number, message: string): object {
  return { jsonrpc: '2.0', id: id ?? null, error: { code, message } };
}

function hexGas(value: unknown): bigint | undefined {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value)) return undefined;
  return BigInt(value);
}

/** The call object with its gas set to at most `cap` (and to `cap` when absent). */
function capGas(call: unknown, cap: bigint): unknown {
  if (typeof call !== 'object' || call === null || Array.isArray(call)) return call;
  const given = hexGas((call as { gas?: unknown }).gas);
  const gas = given === undefined || given > cap ? cap : given;
  return { ...call, gas: `0x${gas.toString(16)}` };
}

/** Struct-log options that keep a trace to one line per step. */
const LEAN_TRACE = { disableMemory: true, disableStack: true, disableStorage: true, enableMemory: false, enableReturnData: false };

/**
 * Decides one JSON-RPC request of a caller: forwarded as is (privileged callers and
 * cheap reads), forwarded with its costs capped (executing reads and traces), or refused.
 * Only a request object with a string method is ever forwarded to an outside caller's
 * node: anything else is answered here as an invalid request. In particular an array
 * inside a batch is refused, because the node would run it as a batch of its own whose
 * items no policy had decided (a nested batch once smuggled cheat codes past it).
 */
export function decide(item: unknown, rights: CallerRights, limits: RpcLimits = DEFAULT_RPC_LIMITS): PolicyDecision {
  if (Array.isArray(item)) {
    return {
      kind: 'refuse',
      response: rpcError(null, RPC_POLICY_ERRORS.invalidRequest, 'Invalid request: nested batches are not allowed'),
    };
  }
  if (typeof item !== 'object' || item === null) {
    return { kind: 'refuse', response: rpcError(null, RPC_POLICY_ERRORS.invalidRequest, 'Invalid request: expected an object') };
  }
  const { id, method, params } = item as RpcItem;
  if (typeof method !== 'string') {
    return { kind: 'refuse', response: rpcError(id, RPC_POLICY_ERRORS.invalidRequest, 'Invalid request: method must be a string') };
  }
  const cls = classifyMethod(method);
  if (rights.privileged) return { kind: 'forward', request: item, cls };
  if (cls === 'privileged') {
    return {
      kind: 'refuse',
      response: rpcError(
        id,
        RPC_POLICY_ERRORS.notAllowed,
        `${method} is not allowed for this caller: state-changing and debug methods need a loopback client or an admin API key (DEVNET_RPC policy)`,
      ),
    };
  }
  if (cls === 'read' || !Array.isArray(params)) return { kind: 'forward', request: item, cls };
  const list = [...(params as unknown[])];
  if (method === 'eth_call' || method === 'eth_estimateGas') {
    list[0] = capGas(list[0], limits.callGasCap);
  } else if (method === 'debug_traceCall') {
    list[0] = capGas(list[0], limits.traceGasCap);
    list[2] = { ...(typeof list[2] === 'object' && list[2] !== null ? list[2] : {}), ...LEAN_TRACE };
  } else if (method === 'debug_traceTransaction') {
    list[1] = { ...(typeof list[1] === 'object' && list[1] !== null ? list[1] : {}), ...LEAN_TRACE };
  }
  return { kind: 'forward', request: { ...(item as object), params: list }, cls };
}

/** A block number, or a tag resolved against the chain's head (`earliest` is block 0). */
function blockOf(tag: unknown, head: () => Promise<bigint>): Promise<bigint | undefined> {
  if (tag === undefined || tag === null) return head();
  if (typeof tag !== 'string') return Promise.resolve(undefined);
  if (tag === 'earliest') return Promise.resolve(0n);
  if (tag === 'latest' || tag === 'pending' || tag === 'safe' || tag === 'finalized') return head();
  return Promise.resolve(/^0x[0-9a-fA-F]{1,16}$/.test(tag) ? BigInt(tag) : undefined);
}

/**
 * How many blocks an `eth_getLogs` filter spans, or undefined when the node should judge
 * the filter itself (malformed: the node answers its own error, cheaply).
 */
export async function logBlockSpan(params: unknown, head: () => Promise<bigint>): Promise<bigint | undefined> {
  const filter: unknown = Array.isArray(params) ? params[0] : undefined;
  if (typeof filter !== 'object' || filter === null) return undefined;
  const { blockHash, fromBlock, toBlock } = filter as { blockHash?: unknown; fromBlock?: unknown; toBlock?: unknown };
  if (blockHash !== undefined) return 1n;
  const [from, to] = [await blockOf(fromBlock, head), await blockOf(toBlock, head)];
  if (from === undefined || to === undefined) return undefined;
  return to >= from ? to - from + 1n : 0n;
}

/** The number of requests a payload holds: its items for a batch, else one. */
export function requestCount(payload: unknown): number {
  return Array.isArray(payload) ? Math.max(1, payload.length) : 1;
}

/**
 * Runs a guarded batch or single request against the node. For an outside caller every
 * item is decided on its own, a batch holds at most `maxBatchItems`, an `eth_getLogs`
 * spans at most `maxLogBlockRange` blocks, and the answers together stay under
 * `maxAnswerBytes` (an item past the budget is answered with an error instead, so a
 * batch of huge reads cannot pile up in memory).
 */
export async function guardedRequest(
  payload: unknown,
  rights: CallerRights,
  send: (request: unknown) => Promise<unknown>,
  limits: RpcLimits = DEFAULT_RPC_LIMITS,
): Promise<unknown> {
  if (rights.privileged) return send(payload);
  let headBlock: Promise<bigint> | undefined;
  const head = (): Promise<bigint> => {
    headBlock ??= send({ jsonrpc: '2.0', id: 0, method: 'eth_blockNumber', params: [] }).then((answer) => {
      const result = (answer as { result?: unknown } | null)?.result;
      return typeof result === 'string' && /^0x[0-9a-fA-F]+$/.test(result) ? BigInt(result) : 0n;
    });
    return headBlock;
  };
  let answerBytes = 0;
  const overBudget = (id: unknown) =>
    rpcError(
      id,
      RPC_POLICY_ERRORS.tooLarge,
      `answers larger than ${limits.maxAnswerBytes} bytes in one request for this caller: ask for less at once`,
    );
  const one = async (item: unknown): Promise<unknown> => {
    const decision = decide(item, rights, limits);
    if (decision.kind === 'refuse') return decision.response;
    const { id, method, params } = item as RpcItem;
    // A spent budget refuses the rest unasked: the node need not build answers to drop.
    if (answerBytes >= limits.maxAnswerBytes) return overBudget(id);
    if (method === 'eth_getLogs') {
      const span = await logBlockSpan(params, head);
      if (span !== undefined && span > BigInt(limits.maxLogBlockRange)) {
        return rpcError(
          id,
          RPC_POLICY_ERRORS.tooLarge,
          `eth_getLogs over ${span} blocks: at most ${limits.maxLogBlockRange} blocks per call for this caller`,
        );
      }
    }
    const answer = decision.cls === 'read' ? await send(decision.request) : await withTimeout(send(decision.request), limits.callTimeoutMs);
    if (answer === TIMED_OUT) return rpcError(id, RPC_POLICY_ERRORS.timeout, `no answer within ${limits.callTimeoutMs} ms`);
    const bytes = JSON.stringify(answer).length;
    if (decision.cls === 'trace' && bytes > limits.maxTraceBytes) {
      return rpcError(id, RPC_POLICY_ERRORS.tooLarge, `trace larger than ${limits.maxTraceBytes} bytes`);
    }
    // Counted even when refused: once over, the rest of the batch is refused unasked.
    answerBytes += bytes;
    if (answerBytes > limits.maxAnswerBytes) return overBudget(id);
    return answer;
  };
  if (Array.isArray(payload)) {
    if (payload.length === 0) return rpcError(null, RPC_POLICY_ERRORS.invalidRequest, 'Invalid request: empty batch');
    if (payload.length > limits.maxBatchItems) {
      return rpcError(
        null,
        RPC_POLICY_ERRORS.tooLarge,
        `batch of ${payload.length} requests: at most ${limits.maxBatchItems} per batch for this caller`,
      );
    }
    const out: unknown[] = [];
    // In order, one at a time, as the node itself answers a batch.
    for (const item of payload) out.push(await one(item));
    return out;
  }
  return one(payload);
}

const TIMED_OUT = Symbol('timed out');

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
