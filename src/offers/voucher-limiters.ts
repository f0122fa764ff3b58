/**
 * How often the Services page may try a voucher code: 10 attempts an hour per account and
 * 30 per client address (an IPv6 /64 as one), so codes cannot be tried in bulk (issue 30,
 * finding 11). Codes carry 100 random bits, so guessing one is hopeless anyway; the limit
 * keeps the attempts themselves (each a request, lookups and a counted refusal) cheap to
 * bear. In Redis with REDIS_URL, like the other limits. The operator's own redemptions
 * (admin routes) are not limited.
 */
import type { Redis } from 'ioredis';
import { createRateLimiter, type RateLimiter } from '../limits/rate-limiter.ts';

export interface VoucherLimiters {
  /** Attempts per signed-in account. */
  readonly account: RateLimiter;
  /** Attempts per client address. */
  readonly client: RateLimiter;
}

export const VOUCHER_ATTEMPTS_PER_ACCOUNT_HOUR = 10;
export const VOUCHER_ATTEMPTS_PER_CLIENT_HOUR = 30;

export function createVoucherLimiters(options: { redis?: Redis | undefined; keyPrefix?: string } = {}): VoucherLimiters {
  const prefix = options.keyPrefix ?? 'sw-rl';
  const limiter = (points: number, name: string) =>
    createRateLimiter({ pointsPerWindow: points, windowSeconds: 3600, redis: options.redis, keyPrefix: `${prefix}-voucher-${name}` });
  return {
    account: limiter(VOUCHER_ATTEMPTS_PER_ACCOUNT_HOUR, 'account'),
    client: limiter(VOUCHER_ATTEMPTS_PER_CLIENT_HOUR, 'client'),
  };
}
