/** The attempt limits of account actions, in Redis when the service shares one. */
import type { Redis } from 'ioredis';
import { createRateLimiter, type RateLimiter } from '../limits/rate-limiter.ts';
import type { AccountLimiters } from './account-service.ts';

interface LimiterStore {
  readonly redis?: Redis | undefined;
  readonly keyPrefix?: string;
}

export function createAccountLimiters(options: LimiterStore = {}): AccountLimiters {
  const prefix = options.keyPrefix ?? 'sw-rl';
  return {
    // Sign-ups, log-ins, codes and resets from one client address: 30 per 10 minutes.
    client: createRateLimiter({ pointsPerWindow: 30, windowSeconds: 600, redis: options.redis, keyPrefix: `${prefix}-acct-client` }),
    // Password tries per e-mail address (known or not) and client: 10 per 15 minutes.
    account: createRateLimiter({ pointsPerWindow: 10, windowSeconds: 900, redis: options.redis, keyPrefix: `${prefix}-acct-login` }),
    // One code e-mail per address a minute: the resend cooldown.
    mail: createRateLimiter({ pointsPerWindow: 1, windowSeconds: 60, redis: options.redis, keyPrefix: `${prefix}-acct-mail` }),
    ...passwordFailureLimiters(options),
  };
}

/** The per-address side of the password throttle (src/accounts/password-throttle.ts). */
export function passwordFailureLimiters(options: LimiterStore = {}): { loginFailures: RateLimiter; loginFlooded: RateLimiter } {
  const prefix = options.keyPrefix ?? 'sw-rl';
  return {
    // Wrong passwords per e-mail address from every client: 100 per 15 minutes.
    loginFailures: createRateLimiter({ pointsPerWindow: 100, windowSeconds: 900, redis: options.redis, keyPrefix: `${prefix}-acct-fail` }),
    // Past them, one try per client and 15 minutes for that address.
    loginFlooded: createRateLimiter({ pointsPerWindow: 1, windowSeconds: 900, redis: options.redis, keyPrefix: `${prefix}-acct-flood` }),
  };
}
