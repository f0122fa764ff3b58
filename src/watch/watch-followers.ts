/**
 * Runs the followers of every network that has a live watch, each only while this process
 * holds the network's lease (src/watch/follower-lease.ts). A round steps each held network
 * until it is idle (catching up after a pause), then the next round starts `pollMs` later.
 * Closing waits for the round in flight and gives the leases up.
 */
import { networkBySymbol } from '../chain/networks.ts';
import { chainDetails } from '../chain/chain-details.ts';
import type { WatchDeliveries } from './delivery/watch-deliveries.ts';
import type { JsonRpcBatch } from './json-rpc-batch.ts';
import type { VerdictSnapshot } from './describe-change.ts';
import { createFollower, type Follower, type StepOutcome } from './follower.ts';
import { createSolanaFollower } from './solana-follower.ts';
import { inProcessLease, type FollowerLease } from './follower-lease.ts';
import type { WatchRecord, WatchRepository } from './watch-repository.ts';

export interface WatchFollowersOptions {
  readonly repository: WatchRepository;
  readonly rpc: (network: string) => JsonRpcBatch | undefined;
  readonly deliveries: WatchDeliveries;
  readonly resimulate: (watch: WatchRecord) => Promise<VerdictSnapshot | null>;
  readonly lease?: FollowerLease;
  /** Time between rounds (default 500 ms). */
  readonly pollMs?: number;
  readonly confirmations?: number;
  readonly maxRange?: number;
  readonly now?: () => Date;
  /** Steps a network takes at most in one round before the others get theirs (default 50). */
  readonly maxStepsPerRound?: number;
  readonly onError?: (error: unknown, network: string) => void;
  readonly onStep?: (network: string, outcome: StepOutcome) => void;
}

export interface WatchFollowers {
  /** A watch of the network was added or removed: its follower reads the set again. */
  notify(network: string): void;
  /** One round now (tests drive the followers with it instead of the timer). */
  round(): Promise<void>;
  /** Starts the timer. */
  start(): void;
  close(): Promise<void>;
}

export function createWatchFollowers(options: WatchFollowersOptions): WatchFollowers {
  const lease = options.lease ?? inProcessLease;
  const pollMs = options.pollMs ?? 500;
  const maxSteps = options.maxStepsPerRound ?? 50;
  const followers = new Map<string, Follower>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let running: Promise<void> | undefined;

  function followerOf(network: string): Follower | undefined {
    let follower = followers.get(network);
    if (follower) return follower;
    const rpc = options.rpc(network);
    if (!rpc) return undefined;
    const common = {
      network,
      rpc,
      repository: options.repository,
      deliveries: options.deliveries,
      resimulate: options.resimulate,
      ...(options.now ? { now: options.now } : {}),
      onError: (error: unknown) => options.onError?.(error, network),
    };
    // A Solana network follows slots and mint accounts (./solana-follower.ts), under the same lease.
    if (networkBySymbol(network)?.family === 'solana') {
      follower = createSolanaFollower(common);
      followers.set(network, follower);
      return follower;
    }
    follower = createFollower({
      ...common,
      multicall: chainDetails(network)?.multicall3 ?? null,
      ...(options.confirmations === undefined ? {} : { confirmations: options.confirmations }),
      ...(options.maxRange === undefined ? {} : { maxRange: options.maxRange }),
    });
    followers.set(network, follower);
    return follower;
  }

  async function roundOnce(): Promise<void> {
    const networks = await options.repository.networks();
    for (const network of networks) {
      if (closed) return;
      let held: boolean;
      try {
        held = await lease.hold(network);
      } catch (error) {
        options.onError?.(error, network);
        held = false;
      }
      if (!held) {
        // Another replica follows it; if this one takes over later it starts from the store.
        followers.delete(network);
        continue;
      }
      const follower = followerOf(network);
      if (!follower) continue;
      for (let i = 0; i < maxSteps && !closed; i++) {
        const outcome = await follower.step();
        options.onStep?.(network, outcome);
        if (outcome.kind === 'idle' || outcome.kind === 'failed') break;
      }
    }
  }

  function round(): Promise<void> {
    running ??= roundOnce()
      .catch((error: unknown) => options.onError?.(error, '*'))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  function schedule() {
    if (closed) return;
    timer = setTimeout(() => {
      void round().then(schedule);
    }, pollMs);
    timer.unref();
  }

  return {
    notify(network) {
      followers.get(network)?.invalidate();
    },
    round,
    start() {
      if (!timer && !closed) schedule();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
      for (const network of followers.keys()) await lease.release(network).catch(() => {});
    },
  };
}
