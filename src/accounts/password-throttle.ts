/**
 * How often a password may be tried for an e-mail address (log-in, and the current
 * password when changing it).
 *
 * A limit per address alone lets anyone lock the owner out by sending wrong passwords
 * from anywhere; a limit per client alone lets many clients guess without bound. So:
 *
 * - each client (its address, an IPv6 /64 as one, see clientRateKey) has its own budget
 *   of tries per e-mail address (10 per 15 min): a guesser elsewhere uses up only its own;
 * - wrong passwords are also counted per e-mail address from every client (100 per
 *   15 min). Past that the address is flooded and each client gets one try per 15 min
 *   for it: distributed guessing slows to one guess per client per window, and the owner
 *   (or anyone) still gets a try rather than being locked out.
 *
 * The right password counts as a try but not as a failure.
 */
import type { RateLimiter } from '../limits/rate-limiter.ts';
import { clientRateKey } from '../limits/client-key.ts';
import { AccountError } from './account-error.ts';
import { ACCOUNT_MESSAGES as M } from './account-messages.ts';

export interface PasswordLimiters {
  /** Tries per (e-mail address, client). */
  readonly perClient: RateLimiter;
  /** Wrong passwords per e-mail address, from every client. */
  readonly failures: RateLimiter;
  /** Tries per (e-mail address, client) while the address's failures are exhausted. */
  readonly flooded: RateLimiter;
}

export function createPasswordThrottle(limiters: PasswordLimiters) {
  const refuse = (seconds: number) => new AccountError(429, M.tooManyAttempts(seconds), seconds);
  return {
    /** Counts a try of `address`'s password from `ip`, or throws 429 when it may not be made now. */
    async admit(address: string, ip: string): Promise<void> {
      const own = `login:${address}|${clientRateKey(ip)}`;
      const mine = await limiters.perClient.consume(own);
      if (!mine.allowed) throw refuse(mine.resetSeconds);
      const everyone = await limiters.failures.peek(`login:${address}`);
      if (everyone.allowed) return;
      const slow = await limiters.flooded.consume(own);
      if (!slow.allowed) throw refuse(slow.resetSeconds);
    },

    /** Records a wrong password for `address`. */
    async failed(address: string): Promise<void> {
      await limiters.failures.consume(`login:${address}`);
    },
  };
}

export type PasswordThrottle = ReturnType<typeof createPasswordThrottle>;
