/**
 * `simulateToken`: the honeypot and tax check of a token on a network. With an RPC URL it
 * forks the chain in process (EDR) at the latest block; with an in-process provider (the
 * devnet) it runs under a snapshot that is reverted afterwards, one simulation at a time
 * per provider. It never rejects: a token's misbehaviour, a missing pool or an RPC
 * failure are the spec's taxes error values with a reason.
 */
import type { Address } from 'viem';
import type { Eip1193Provider } from '../devnet/edr-provider.ts';
import { chainDetails } from '../chain/chain-details.ts';
import { networkBySymbol, type Network } from '../chain/networks.ts';
import { simulateOnFork } from './fork-simulation.ts';
import { DEFAULT_TIMEOUT_MS, runSimulation, type SimulationSettings } from './run-simulation.ts';
import { EMPTY_CONFIRMATIONS, emptyTaxes, type SimulationResult } from './simulation-types.ts';

export interface SimulateTokenOptions extends SimulationSettings {
  readonly network: Network | string;
  readonly token: Address | string;
  readonly rpc: { readonly url: string } | { readonly provider: Eip1193Provider };
  /** Fork mode: the block to fork at (default the remote's latest). */
  readonly blockNumber?: bigint;
  /** Fork mode: where EDR caches remote state between runs. */
  readonly cacheDir?: string;
  /** Fork mode: latency added to every remote request (the benchmark's slow remote). */
  readonly remoteDelayMs?: number;
  /** Fork mode: EDR's own lazy remote reads, without the batched prefetch (the benchmark's baseline). */
  readonly lazyFork?: boolean;
  /** Called with the number of JSON-RPC requests the simulation sent to its in-process chain. */
  readonly onRequests?: (count: number) => void;
}

const queues = new WeakMap<Eip1193Provider, Promise<void>>();

/** Runs `task` after every earlier task on the same provider has finished. */
async function serialised<T>(provider: Eip1193Provider, task: (release: (done: Promise<void>) => void) => Promise<T>): Promise<T> {
  const previous = queues.get(provider) ?? Promise.resolve();
  let release!: (done: Promise<void>) => void;
  const next = new Promise<void>((resolve) => {
    release = (done) => void done.then(resolve, resolve);
  });
  queues.set(
    provider,
    previous.then(() => next),
  );
  await previous;
  return task(release);
}

function failed(mode: SimulationResult['mode'], reason: string, started: number): SimulationResult {
  return {
    taxes: emptyTaxes('UNCAUGHT_ERROR'),
    reason,
    evidence: [],
    confirmations: EMPTY_CONFIRMATIONS,
    pool: null,
    mode,
    durationMs: Math.round(performance.now() - started),
    ownerActions: [],
    scope: '',
    roundTrips: 0,
  };
}

/**
 * Simulates buy, transfer and sell of `token` on `network`.
 *
 * @example
 * const { taxes } = await simulateToken({ network: 'LOCAL', token, rpc: { provider: devnet.provider } });
 * const forked = await simulateToken({ network: 'BSC', token, rpc: { url: process.env.RPC_URL_BSC! } });
 */
export async function simulateToken(options: SimulateTokenOptions): Promise<SimulationResult> {
  const started = performance.now();
  const mode = 'provider' in options.rpc ? 'snapshot' : 'fork';
  const network = typeof options.network === 'string' ? networkBySymbol(options.network) : options.network;
  const details = network ? chainDetails(network.symbol) : undefined;
  if (!network || !details || network.family !== 'evm' || network.chainId === null) {
    return failed(mode, `not an EVM network: ${typeof options.network === 'string' ? options.network : options.network.symbol}`, started);
  }
  const settings = { ...options, details, chainId: network.chainId, token: options.token };

  if ('provider' in options.rpc) {
    const provider = options.rpc.provider;
    return serialised(provider, async (release) => {
      let snapshot: string;
      try {
        snapshot = (await provider.request({ method: 'evm_snapshot' })) as string;
      } catch (error) {
        release(Promise.resolve());
        return failed(mode, `the chain refused a snapshot: ${error instanceof Error ? error.message : String(error)}`, started);
      }
      const running = await runSimulation({ ...settings, provider, mode });
      // The chain is handed back only once the simulation's last request has ended.
      release(
        running.done
          .then(() => provider.request({ method: 'evm_revert', params: [snapshot] }))
          .then(() => options.onRequests?.(running.requests())),
      );
      return running.result;
    });
  }

  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // The fork's state is learnt in a few batched round trips before the trades (fork-simulation.ts).
  const run = await simulateOnFork({
    ...settings,
    url: options.rpc.url,
    timeoutMs,
    ...(options.blockNumber !== undefined ? { blockNumber: options.blockNumber } : {}),
    ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}),
    ...(options.remoteDelayMs ? { remoteDelayMs: options.remoteDelayMs } : {}),
    ...(options.lazyFork ? { lazy: true } : {}),
  });
  if (!run.ok) {
    const reason = run.reason.startsWith('simulation stopped') ? run.reason : `cannot fork ${network.symbol} from its RPC: ${run.reason}`;
    return { ...failed(mode, reason, started), roundTrips: run.roundTrips };
  }
  void run.running.done.then(() => options.onRequests?.(run.running.requests()));
  return { ...run.running.result, durationMs: Math.round(performance.now() - started) };
}
