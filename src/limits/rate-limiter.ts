/**
 * Fixed-window rate limiting for keyless callers, on rate-limiter-flexible: in memory by
 * default, in Redis when configured so several API processes share one budget.
 */
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';

export interface RateDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Seconds until the window resets. */
  readonly resetSeconds: number;
}

export interface RateLimiter {
  /** Counts `points` calls (one unless said) for `key` and says whether they may proceed. */
  consume(key: string, points?: number): Promise<RateDecision>;
  /** Whether one more call for `key` would be allowed now, without counting it. */
  peek(key: string): Promise<RateDecision>;
  readonly backend: 'memory' | 'redis';
}

export interface RateLimiterOptions {
  readonly pointsPerWindow: number;
  readonly windowSeconds?: number;
  /** Shared store; when absent the limit is per process. */
  readonly redis?: Redis | undefined;
  readonly keyPrefix?: string;
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const points = options.pointsPerWindow;
  const duration = options.windowSeconds ?? 60;
  const memory = new RateLimiterMemory({ points, duration, keyPrefix: options.keyPrefix ?? 'sw-rl' });
  const limiter: RateLimiterAbstract = options.redis
    ? new RateLimiterRedis({
        storeClient: options.redis,
        points,
        duration,
        keyPrefix: options.keyPrefix ?? 'sw-rl',
        // While Redis is unreachable each process limits on its own rather than failing
        // every request or letting everything through.
        insuranceLimiter: memory,
        rejectIfRedisNotReady: true,
      })
    : memory;

  return {
    backend: options.redis ? 'redis' : 'memory',
    async consume(key, count = 1) {
      try {
        const res = await limiter.consume(key, count);
        return decision(true, points, res);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return decision(false, points, rejection);
        throw rejection;
      }
    },
    async peek(key) {
      const res = await limiter.get(key);
      if (!res) return { allowed: true, limit: points, remaining: points, resetSeconds: duration };
      return { ...decision(res.consumedPoints < points, points, res), remaining: Math.max(0, points - res.consumedPoints) };
    },
  };
}

function decision(allowed: boolean, limit: number, res: RateLimiterRes): RateDecision {
  return { allowed, limit, remaining: Math.max(0, res.remainingPoints), resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
}
