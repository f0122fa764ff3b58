/** The attempt limits of account actions, in Redis when the service shares one. */
import type { Redis } from 'ioredis';
import { createRateLimiter } from '../limits/rate-limiter.ts';
import type { AccountLimiters } from './account-service.ts';

export function createAccountLimiters(options: { redis?: Redis | undefined; keyPrefix?: string } = {}): AccountLimiters {
  const prefix = options.keyPrefix ?? 'sw-rl';
  return {
    // Sign-ups, log-ins, codes and resets from one client address: 30 per 10 minutes.
    client: createRateLimiter({ pointsPerWindow: 30, windowSeconds: 600, redis: options.redis, keyPrefix: `${prefix}-acct-client` }),
    // Password tries per e-mail address (known or not): 10 per 15 minutes.
    account: createRateLimiter({ pointsPerWindow: 10, windowSeconds: 900, redis: options.redis, keyPrefix: `${prefix}-acct-login` }),
    // One code e-mail per address a minute: the resend cooldown.
    mail: createRateLimiter({ pointsPerWindow: 1, windowSeconds: 60, redis: options.redis, keyPrefix: `${prefix}-acct-mail` }),
  };
}
