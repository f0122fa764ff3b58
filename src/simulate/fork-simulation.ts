/**
 * A simulation on a fork of a live chain in a handful of round trips.
 *
 * EDR forks lazily: every account and storage slot an executed call touches is one
 * request to the remote, about a thousand per simulation. Here the state is learnt in
 * bulk before the trades instead:
 *   1. one batch: the remote's block number and chain identity;
 *   2. one batch: the fork block, the accounts the simulation certainly touches (the
 *      token, the chain's wrapped native token, stablecoins, DEX factories and routers,
 *      Multicall3) and, where the node offers `debug_traceCall` with the prestate tracer,
 *      everything the token's first reads and the pool lookups touch;
 *   3. discovery passes: the simulation runs on a fork whose state reads the cache lacks
 *      are answered as empty and recorded; the recorded reads are fetched in one batch
 *      and the simulation runs again, until a pass misses nothing. That pass ran on real
 *      state only, so its result is the answer. Passes share their fresh accounts, so
 *      they read the same slots.
 * The cache is per remote and per block (fork-state-cache.ts): the next simulation of the
 * same block reuses it. After `MAX_DISCOVERY_PASSES` a last pass fetches what it still
 * misses one request at a time, as EDR alone would.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeFunctionData, numberToHex, parseAbi, type Address } from 'viem';
import { createEdrProvider } from '../devnet/edr-provider.ts';
import type { ChainDetails } from '../chain/chain-details.ts';
import { freshAddress } from './evm-session.ts';
import { ForkStateCache, forkStateCache, type JsonRpcCall } from './fork-state-cache.ts';
import { startRpcProxy, type RpcProxy } from './rpc-proxy.ts';
import { NO_DEADLINE, routerAbi } from './simulation-abis.ts';
import { runSimulation, type RunningSimulation, type RunSimulationInput } from './run-simulation.ts';

export const MAX_DISCOVERY_PASSES = 8;
/** Fresh accounts read ahead: a simulation with every check uses fewer than this. */
const FRESH_ACCOUNTS = 8;
/** Storage slots 0…15 of every contract found: where compilers put a contract's plain variables (reserves, owner, flags, fees). */
const LOW_SLOTS = 16;

export interface ForkSimulationInput extends Omit<RunSimulationInput, 'provider' | 'mode' | 'roundTrips' | 'accountSeed'> {
  readonly url: string;
  readonly blockNumber?: bigint;
  readonly cacheDir?: string;
  readonly remoteDelayMs?: number;
  readonly timeoutMs: number;
  /** No cache, no prefetch, no discovery passes: EDR's own lazy reads (the benchmark's baseline). */
  readonly lazy?: boolean;
}

export type ForkRun =
  | { readonly ok: true; readonly running: RunningSimulation; readonly passes: number; readonly roundTrips: number }
  | { readonly ok: false; readonly reason: string; readonly roundTrips: number };

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
const probeAbi = parseAbi([
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
  'function owner() view returns (address)',
  'function getPair(address, address) view returns (address)',
]);

/** Addresses every simulation on this chain reads: the token and the chain's DEX and quote contracts. */
function knownAddresses(details: ChainDetails, token: string, seed: string): string[] {
  const all = [
    token,
    ZERO_ADDRESS,
    ...Array.from({ length: FRESH_ACCOUNTS }, (_, i) => freshAddress(seed, i + 1)),
    ...details.lockers.map((l) => l.address),
    details.wrappedNative?.address,
    details.multicall3,
    ...details.stablecoins.map((s) => s.address),
    ...details.dexes.flatMap((d) => [d.factory, d.router]),
  ];
  return [...new Set(all.filter((a): a is string => typeof a === 'string' && /^0x[0-9a-fA-F]{40}$/.test(a)).map((a) => a.toLowerCase()))];
}

/** Prestate traces of the token's first reads and of the V2 pair lookups (read-only calls, no balance needed). */
function prestateProbes(details: ChainDetails, token: string, block: string): JsonRpcCall[] {
  const call = (to: string, data: string): JsonRpcCall => ({
    method: 'debug_traceCall',
    params: [{ to, data }, block, { tracer: 'prestateTracer' }],
  });
  const t = token as Address;
  const probes = [
    call(token, encodeFunctionData({ abi: probeAbi, functionName: 'totalSupply' })),
    call(token, encodeFunctionData({ abi: probeAbi, functionName: 'balanceOf', args: [t] })),
    call(token, encodeFunctionData({ abi: probeAbi, functionName: 'owner' })),
  ];
  const quotes = [details.wrappedNative?.address, ...details.stablecoins.map((s) => s.address)].filter((q): q is string => !!q);
  for (const dex of details.dexes.filter((d) => d.version === 'v2'))
    for (const quote of quotes)
      probes.push(call(dex.factory, encodeFunctionData({ abi: probeAbi, functionName: 'getPair', args: [t, quote as Address] })));
  return probes;
}

async function forkBlock(proxy: RpcProxy, blockNumber: bigint | undefined): Promise<bigint> {
  const calls: JsonRpcCall[] = [
    ...(blockNumber === undefined ? [{ method: 'eth_blockNumber', params: [] }] : []),
    { method: 'eth_chainId', params: [] },
    { method: 'net_version', params: [] },
  ];
  const uncached = calls.filter((c) => c.method === 'eth_blockNumber' || !proxy.cache.get(c));
  const answers = uncached.length > 0 ? await proxy.fetch(uncached) : [];
  if (blockNumber !== undefined) return blockNumber;
  const answer = answers[0]!;
  if ('error' in answer) throw new Error(`eth_blockNumber failed: ${answer.error.message}`);
  if (typeof answer.result !== 'string' || !/^0x[0-9a-fA-F]+$/.test(answer.result))
    throw new Error(`eth_blockNumber answered ${JSON.stringify(answer.result)}`);
  return BigInt(answer.result);
}

/** Batch 2: the fork block, the known accounts and the prestate traces, whatever the cache lacks. */
async function prefetch(proxy: RpcProxy, details: ChainDetails, token: string, block: string, seed: string): Promise<void> {
  const { cache } = proxy;
  const state: JsonRpcCall[] = [
    { method: 'eth_getBlockByNumber', params: [block, false] },
    { method: 'eth_getBlockByNumber', params: [block, true] },
  ];
  for (const address of knownAddresses(details, token, seed))
    for (const method of ['eth_getBalance', 'eth_getTransactionCount', 'eth_getCode']) state.push({ method, params: [address, block] });
  const missing = state.filter((c) => !cache.get(c));
  // Traces and pair lookups only on a token's first simulation at this block: afterwards its reads are cached.
  const tokenCode = { method: 'eth_getCode', params: [token.toLowerCase(), block] };
  const first = !cache.get(tokenCode);
  const probes = first ? prestateProbes(details, token, block) : [];
  const lookups = first ? pairLookups(details, token, block) : [];
  if (missing.length + probes.length + lookups.length === 0) return;
  const answers = await proxy.fetch([...missing, ...probes, ...lookups.map((l) => l.call)]);
  answers.slice(missing.length, missing.length + probes.length).forEach((a) => {
    // A node without debug methods answers an error: the discovery passes learn the same state.
    if ('result' in a) cache.addPrestate(block, a.result);
  });
  const pairs = lookups.flatMap((l, i) => {
    const a = answers[missing.length + probes.length + i]!;
    const pair = 'result' in a && typeof a.result === 'string' && a.result.length === 66 ? `0x${a.result.slice(26)}` : '';
    return pair && !/^0x0{40}$/.test(pair) ? [{ ...l, pair }] : [];
  });
  if (pairs.length === 0) return;
  // Batch 3: the token's pairs (account and plain variables) and, on a wrapped-native pair,
  // a prestate trace of a buy (sent by the WETH contract, which holds ether on every chain).
  const third: JsonRpcCall[] = [];
  const traces: JsonRpcCall[] = [];
  for (const { pair, quote, router } of pairs) {
    for (const method of ['eth_getBalance', 'eth_getTransactionCount', 'eth_getCode']) third.push({ method, params: [pair, block] });
    for (let slot = 0; slot < LOW_SLOTS; slot += 1)
      third.push({ method: 'eth_getStorageAt', params: [pair, `0x${slot.toString(16)}`, block] });
    if (quote.toLowerCase() === details.wrappedNative?.address.toLowerCase())
      traces.push({
        method: 'debug_traceCall',
        params: [
          {
            from: quote,
            to: router,
            value: numberToHex(10n ** 15n),
            data: encodeFunctionData({
              abi: routerAbi,
              functionName: 'swapExactETHForTokensSupportingFeeOnTransferTokens',
              args: [0n, [quote as Address, token as Address], freshAddress(seed, 1), NO_DEADLINE],
            }),
          },
          block,
          { tracer: 'prestateTracer' },
        ],
      });
  }
  const fetched = await proxy.fetch([...third.filter((c) => !cache.get(c)), ...traces]);
  fetched.slice(fetched.length - traces.length).forEach((a) => {
    if ('result' in a) cache.addPrestate(block, a.result);
  });
}

/** `getPair(token, quote)` on every V2 factory for every quote token, as plain calls at the fork block. */
function pairLookups(details: ChainDetails, token: string, block: string): { call: JsonRpcCall; quote: string; router: string }[] {
  const quotes = [details.wrappedNative?.address, ...details.stablecoins.map((s) => s.address)].filter((q): q is string => !!q);
  return details.dexes
    .filter((d) => d.version === 'v2')
    .flatMap((dex) =>
      quotes.map((quote) => ({
        quote,
        router: dex.router,
        call: {
          method: 'eth_call',
          params: [
            {
              to: dex.factory,
              data: encodeFunctionData({ abi: probeAbi, functionName: 'getPair', args: [token as Address, quote as Address] }),
            },
            block,
          ],
        },
      })),
    );
}

/**
 * The misses of a pass, plus the low slots of every account whose code was missed: a
 * contract met for the first time (the pair, a fee wallet) is read at its plain variables
 * next, and fetching them now saves a pass per contract. An account that proves to hold
 * no code costs a few empty answers in the same batch.
 */
function withLowSlots(proxy: RpcProxy, misses: readonly JsonRpcCall[]): JsonRpcCall[] {
  const out = [...misses];
  for (const miss of misses) {
    if (miss.method !== 'eth_getCode') continue;
    const [address, block] = miss.params;
    for (let slot = 0; slot < LOW_SLOTS; slot += 1) {
      const call = { method: 'eth_getStorageAt', params: [address, `0x${slot.toString(16)}`, block] };
      if (!proxy.cache.get(call) && !out.some((c) => c.method === call.method && c.params[0] === address && c.params[1] === call.params[1]))
        out.push(call);
    }
  }
  return out;
}

/** Runs one simulation on a fork of `input.url`; the caller closes nothing (the proxy closes when the run is done). */
export async function simulateOnFork(input: ForkSimulationInput): Promise<ForkRun> {
  let scratchDir: string | undefined;
  const scratch = () => (scratchDir ??= mkdtempSync(join(tmpdir(), 'scopeward-fork-pass-')));
  try {
    return await forkRun(input, scratch);
  } finally {
    if (scratchDir) rmSync(scratchDir, { recursive: true, force: true });
  }
}

async function forkRun(input: ForkSimulationInput, scratch: () => string): Promise<ForkRun> {
  const deadline = performance.now() + input.timeoutMs;
  const proxy = await startRpcProxy(input.url, {
    // The lazy baseline gets a cache that keeps nothing.
    cache: input.lazy ? new ForkStateCache(0) : forkStateCache(input.url),
    timeoutMs: input.timeoutMs,
    ...(input.remoteDelayMs ? { delayMs: input.remoteDelayMs } : {}),
  });
  let blockNumber: bigint;
  const seed = `${Date.now()}-${Math.random()}`;
  try {
    blockNumber = await forkBlock(proxy, input.blockNumber);
    proxy.pinnedBlock = blockNumber;
    if (!input.lazy) await prefetch(proxy, input.details, input.token, numberToHex(blockNumber), seed);
  } catch (error) {
    await proxy.close();
    return { ok: false, reason: error instanceof Error ? error.message : String(error), roundTrips: proxy.roundTrips() };
  }

  for (let pass = 1; ; pass += 1) {
    const discovering = !input.lazy && pass <= MAX_DISCOVERY_PASSES;
    proxy.speculative = discovering;
    proxy.clearMisses();
    const remaining = deadline - performance.now();
    if (remaining <= 0) {
      await proxy.close();
      return {
        ok: false,
        reason: `simulation stopped at its wall-clock cap of ${input.timeoutMs} ms while reading the fork's state (pass ${pass})`,
        roundTrips: proxy.roundTrips(),
      };
    }
    let running: RunningSimulation;
    try {
      const provider = await createEdrProvider({
        chainId: input.chainId,
        fork: {
          url: proxy.url,
          blockNumber,
          remoteChainId: input.chainId,
          // EDR may keep remote answers on disk: a discovery pass's assumed-empty state must
          // never reach a cache another fork reads, so those passes get a directory of their own.
          ...(discovering ? { cacheDir: scratch() } : input.cacheDir ? { cacheDir: input.cacheDir } : {}),
        },
      });
      running = await runSimulation({
        ...input,
        provider,
        mode: 'fork',
        timeoutMs: Math.max(1, remaining),
        roundTrips: () => proxy.roundTrips(),
        accountSeed: seed,
      });
    } catch (error) {
      await proxy.close();
      return { ok: false, reason: error instanceof Error ? error.message : String(error), roundTrips: proxy.roundTrips() };
    }
    if (!discovering) {
      void running.done.then(() => proxy.close());
      return { ok: true, running, passes: pass, roundTrips: proxy.roundTrips() };
    }
    // A discovery pass's chain is dropped: wait for its last request before changing the cache under it.
    await running.done;
    const misses = proxy.misses();
    if (misses.length === 0) {
      await proxy.close();
      return { ok: true, running, passes: pass, roundTrips: proxy.roundTrips() };
    }
    await proxy.fetch(withLowSlots(proxy, misses));
  }
}
