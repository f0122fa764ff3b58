/**
 * Exactly one follower per network across replicas (issue 32, item 5): the replica holding
 * a network's lease in Redis follows it; the lease expires unless renewed, so when that
 * replica dies another takes the network over within the lease's time. Without Redis there
 * is one process and it always holds the lease.
 */
import type { Redis } from 'ioredis';

export interface FollowerLease {
  /** Takes or renews the network's lease; true while this process holds it. */
  hold(network: string): Promise<boolean>;
  /** Gives the lease up (closing), so another replica takes over at once. */
  release(network: string): Promise<void>;
}

export const inProcessLease: FollowerLease = { hold: async () => true, release: async () => {} };

// Renew or release only what this holder owns: compared and changed in one step on the server.
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export interface RedisLeaseOptions {
  readonly redis: Redis;
  /** This replica's name in the lease (host/pid/random). */
  readonly holder: string;
  /** How long a lease lasts without renewal (default 10 s). */
  readonly ttlMs?: number;
  readonly prefix?: string;
}

export function redisLease(options: RedisLeaseOptions): FollowerLease {
  const ttl = options.ttlMs ?? 10_000;
  const key = (network: string) => `${options.prefix ?? 'scopeward'}:watch-follower:${network}`;
  return {
    async hold(network) {
      const taken = await options.redis.set(key(network), options.holder, 'PX', ttl, 'NX');
      if (taken === 'OK') return true;
      return Number(await options.redis.eval(RENEW, 1, key(network), options.holder, String(ttl))) === 1;
    },
    async release(network) {
      await options.redis.eval(RELEASE, 1, key(network), options.holder);
    },
  };
}
