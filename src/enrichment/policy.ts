/**
 * The policy every enrichment provider runs under (issue 19): a time limit per call, retries
 * with exponential backoff on rate limits and unreachable providers, a circuit breaker per
 * provider and a cache that keeps the last good answer.
 *
 * The time limit and the breaker are cockatiel's (docs/decisions/0175-issue-19-cockatiel-3-2-1-not.md, "Enrichment policy").
 * The retry loop is ours because it must honour the provider's Retry-After and sleep through
 * an injected function, so tests check the delays without waiting for them.
 */
import {
  BrokenCircuitError,
  ConsecutiveBreaker,
  TaskCancelledError,
  TimeoutStrategy,
  circuitBreaker,
  handleWhen,
  timeout,
  type CircuitBreakerPolicy,
  type TimeoutPolicy,
} from 'cockatiel';
import { LRUCache } from 'lru-cache';
import { ProviderError, type Provider, type ProviderContext } from './provider.ts';

export interface PolicyOptions {
  /** Time limit of one call to the provider (ms). */
  readonly timeoutMs: number;
  /** Attempts after the first, on `rate-limited` and `unreachable` only. */
  readonly retries: number;
  /** First backoff delay (ms); doubled each attempt. */
  readonly backoffMs: number;
  /** Longest wait between attempts, whatever Retry-After asks (ms). */
  readonly maxDelayMs: number;
  /** Consecutive failed calls that open the breaker. */
  readonly breakerFailures: number;
  /** How long an open breaker refuses calls before letting one through (ms). */
  readonly breakerCooldownMs: number;
  /** How long a good answer is served without asking the provider again (ms). */
  readonly cacheTtlMs: number;
  /** Inputs whose last good answer is kept (per provider). */
  readonly cacheEntries: number;
}

export const DEFAULT_POLICY: PolicyOptions = {
  timeoutMs: 5_000,
  retries: 2,
  backoffMs: 250,
  maxDelayMs: 5_000,
  breakerFailures: 5,
  breakerCooldownMs: 60_000,
  cacheTtlMs: 10 * 60_000,
  cacheEntries: 5_000,
};

/** How a call under the policy went: the `meta.sources` status of the provider. */
export type PolicyStatus = 'ok' | 'stale' | 'failed' | 'timeout';

export interface PolicyOutcome<T> {
  readonly status: PolicyStatus;
  /** The answer (`ok`), the last good answer (`stale`) or null. */
  readonly value: T | null;
  /** Why the provider did not answer (`stale`, `failed`, `timeout`). */
  readonly reason?: string;
  /** The ProviderError kind behind a failure, when there was one. */
  readonly kind?: ProviderError['kind'];
  /** When the value was fetched from the provider (ISO 8601); '' without a value. */
  readonly fetchedAt: string;
  /** Whether the value came from the cache without asking the provider. */
  readonly cached: boolean;
}

export interface PolicyRuntime {
  /** Wall clock (cache ages and `fetchedAt`). */
  readonly now: () => Date;
  /** Waits between retries; tests pass one that records the delay and returns at once. */
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The network access given to the provider. */
  readonly fetch: typeof fetch;
}

export interface GuardedProvider<Input, Output> {
  readonly name: string;
  readonly fields: readonly string[];
  /** Never throws: every failure is an outcome. `signal` ends the call early (the scan's budget). */
  call(input: Input, signal?: AbortSignal): Promise<PolicyOutcome<Output>>;
  /** The last good answer for `input`, however old, without calling the provider. */
  peek(input: Input): { value: Output; fetchedAt: string } | undefined;
}

/** Sleeps `ms`, ending early (without error) when the signal aborts. */
export function realSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

const RETRIED = new Set<ProviderError['kind']>(['rate-limited', 'unreachable']);
/** Failures that say the provider is unwell (a 404 or a refused target says nothing about it). */
const TRIPS_BREAKER = new Set<ProviderError['kind']>(['rate-limited', 'unreachable', 'bad-response']);

class TimedOut extends Error {
  override readonly name = 'TimedOut';
}

/** Wraps a provider with the policy. One breaker and one cache per wrapped provider. */
export function guard<Input, Output>(
  provider: Provider<Input, Output>,
  options: Partial<PolicyOptions> = {},
  runtime: Partial<PolicyRuntime> = {},
): GuardedProvider<Input, Output> {
  const o: PolicyOptions = { ...DEFAULT_POLICY, ...options };
  const now = runtime.now ?? (() => new Date());
  const sleep = runtime.sleep ?? realSleep;
  const fetchFn = runtime.fetch ?? fetch;
  const cache = new LRUCache<string, { value: Output; at: number }>({ max: o.cacheEntries });
  const limit: TimeoutPolicy = timeout(o.timeoutMs, TimeoutStrategy.Aggressive);
  const breaker: CircuitBreakerPolicy = circuitBreaker(
    handleWhen((error) => error instanceof TimedOut || (error instanceof ProviderError && TRIPS_BREAKER.has(error.kind))),
    { halfOpenAfter: o.breakerCooldownMs, breaker: new ConsecutiveBreaker(o.breakerFailures) },
  );

  /** One attempt under the time limit; a timeout becomes TimedOut. */
  async function attempt(input: Input, outer: AbortSignal | undefined): Promise<Output> {
    try {
      return await limit.execute(({ signal }) => {
        const ctx: ProviderContext = { fetch: fetchFn, signal: outer ? AbortSignal.any([signal, outer]) : signal, now };
        return provider.fetch(input, ctx);
      });
    } catch (error) {
      if (error instanceof TaskCancelledError) throw new TimedOut(`no answer within ${o.timeoutMs} ms`);
      throw error;
    }
  }

  /** Attempts with backoff: 2^n × backoffMs, or the provider's Retry-After, capped at maxDelayMs. */
  async function withRetries(input: Input, outer: AbortSignal | undefined): Promise<Output> {
    for (let n = 0; ; n++) {
      try {
        return await attempt(input, outer);
      } catch (error) {
        const retriable = error instanceof ProviderError && RETRIED.has(error.kind);
        if (!retriable || n >= o.retries || outer?.aborted) throw error;
        const asked = error.kind === 'rate-limited' ? error.retryAfterMs : undefined;
        await sleep(Math.min(o.maxDelayMs, asked ?? o.backoffMs * 2 ** n), outer);
        if (outer?.aborted) throw error;
      }
    }
  }

  const keyOf = (input: Input) => JSON.stringify(input);

  return {
    name: provider.name,
    fields: provider.fields,
    peek(input) {
      const hit = cache.get(keyOf(input));
      return hit ? { value: hit.value, fetchedAt: new Date(hit.at).toISOString() } : undefined;
    },
    async call(input, signal) {
      const key = keyOf(input);
      const hit = cache.get(key);
      const at = now().getTime();
      if (hit && at - hit.at < o.cacheTtlMs)
        return { status: 'ok', value: hit.value, fetchedAt: new Date(hit.at).toISOString(), cached: true };
      try {
        const value = await breaker.execute(() => withRetries(input, signal));
        const fetchedAt = now().getTime();
        cache.set(key, { value, at: fetchedAt });
        return { status: 'ok', value, fetchedAt: new Date(fetchedAt).toISOString(), cached: false };
      } catch (error) {
        const failure = describe(error, signal);
        // The last good answer beats none: served as stale with the reason it was not refreshed.
        if (hit)
          return {
            status: 'stale',
            value: hit.value,
            reason: failure.reason,
            ...kindOf(failure),
            fetchedAt: new Date(hit.at).toISOString(),
            cached: true,
          };
        return { status: failure.status, value: null, reason: failure.reason, ...kindOf(failure), fetchedAt: '', cached: false };
      }
    },
  };
}

function kindOf(failure: { kind?: ProviderError['kind'] }): { kind?: ProviderError['kind'] } {
  return failure.kind ? { kind: failure.kind } : {};
}

function describe(
  error: unknown,
  signal: AbortSignal | undefined,
): { status: 'failed' | 'timeout'; reason: string; kind?: ProviderError['kind'] } {
  if (error instanceof BrokenCircuitError) return { status: 'failed', reason: 'circuit open' };
  if (error instanceof TimedOut) return { status: 'timeout', reason: error.message };
  if (signal?.aborted) return { status: 'timeout', reason: 'the scan budget ran out' };
  if (error instanceof ProviderError) return { status: 'failed', reason: error.message, kind: error.kind };
  // An adapter that threw something else (a bug, a fetch TypeError): still an outcome, never a crash.
  return { status: 'failed', reason: error instanceof Error ? error.message : String(error) };
}
