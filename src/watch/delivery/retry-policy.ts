/**
 * When a failed delivery is tried again (issue 32, decision 0244). Exponential backoff
 * from 10 s doubling to at most one hour, each delay scaled by a random factor in
 * [0.8, 1.2) so deliveries failing together (one receiver down) do not retry together;
 * retries stop once the next attempt would start more than 24 hours after the first.
 */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
export const FIRST_RETRY_MS = 10_000;
export const LONGEST_RETRY_MS = 60 * 60 * 1000;

/** The delay before attempt `attempt + 1`, after `attempt` (≥ 1) attempts failed; `random` in [0, 1). */
export function retryDelayMs(attempt: number, random: number): number {
  const base = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1), LONGEST_RETRY_MS);
  return Math.round(base * (0.8 + 0.4 * random));
}

/** What one attempt's result means for the delivery. */
export type AttemptVerdict = 'delivered' | 'retry' | 'failed';

/**
 * A receiver's answer: 2xx delivered; 408, 429 and 5xx mean "not now" and are retried;
 * any other status (a 4xx: the receiver refuses this request, e.g. a bad signature or a
 * removed endpoint; or a redirect left unfollowed) will not change by resending the
 * same request, so the delivery fails at once and the log says why. "Redeliver" starts it again.
 */
export function verdictForStatus(status: number): AttemptVerdict {
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 408 || status === 429 || status >= 500) return 'retry';
  return 'failed';
}

/** A `Retry-After` header (seconds or an HTTP date) as milliseconds from `now`, if it says one. */
export function retryAfterMs(header: string | null, now: Date): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}
