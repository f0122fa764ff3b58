/**
 * The contract every enrichment adapter (market-data aggregators, social networks, GitHub,
 * a project's website and domain) keeps, so that one policy module can wrap them all with a
 * timeout, retries on rate limits, a circuit breaker and a cache (issue 19).
 *
 * An adapter knows one provider's request and answer formats and nothing else: it builds
 * requests, sends them through `ctx.fetch` with `ctx.signal`, parses the provider's real
 * answer shape, and throws a `ProviderError` whose `kind` says what went wrong. It never
 * sleeps, retries, caches or reads the environment; the policy and the configuration do.
 */

/** What went wrong, in terms the policy acts on (retry a rate limit, never a 404). */
export type ProviderErrorKind =
  /** HTTP 429 or the provider's own rate-limit answer; `retryAfterMs` when the provider says. */
  | 'rate-limited'
  /** The thing asked for does not exist there (a deleted account, an unknown coin id). */
  | 'not-found'
  /** The key is missing, wrong or lacks the permission. */
  | 'unauthorized'
  /** The answer is not in the provider's documented format. */
  | 'bad-response'
  /** Connection refused, DNS failure, 5xx, or the time limit passed. */
  | 'unreachable'
  /** Refused by our own outbound policy (a private or loopback target not allowed). */
  | 'refused';

export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  constructor(
    readonly provider: string,
    readonly kind: ProviderErrorKind,
    message: string,
    readonly retryAfterMs?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface ProviderContext {
  /** The only way an adapter reaches the network (tests pass a local server's base URL instead of mocking this). */
  readonly fetch: typeof fetch;
  /** Aborted when the policy's time limit passes. */
  readonly signal: AbortSignal;
  readonly now: () => Date;
}

/** One provider: `fetch` turns an input (a coin id, a handle, a URL) into that provider's facts. */
export interface Provider<Input, Output> {
  /** Stable name used in `meta.sources` and logs, e.g. `telegram`, `github`, `aggregatorA`. */
  readonly name: string;
  /** auditLayout fields this provider fills (reported in `meta.sources[name].fields`). */
  readonly fields: readonly string[];
  fetch(input: Input, ctx: ProviderContext): Promise<Output>;
}

/**
 * Maps an HTTP response to a ProviderError when it is not a success; returns the parsed JSON
 * otherwise. Shared so every adapter treats 401/403/404/429/5xx the same way.
 */
export async function readJsonResponse(provider: string, response: Response): Promise<unknown> {
  if (response.status === 429) {
    throw new ProviderError(provider, 'rate-limited', `${provider} rate limit exceeded`, retryAfterMs(response.headers.get('retry-after')));
  }
  if (response.status === 401 || response.status === 403) {
    throw new ProviderError(provider, 'unauthorized', `${provider} refused the credentials (HTTP ${response.status})`);
  }
  if (response.status === 404) throw new ProviderError(provider, 'not-found', `${provider} has no such entry`);
  if (response.status >= 500) throw new ProviderError(provider, 'unreachable', `${provider} answered HTTP ${response.status}`);
  const text = await response.text();
  if (response.status < 200 || response.status >= 300) {
    throw new ProviderError(provider, 'bad-response', `${provider} answered HTTP ${response.status}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ProviderError(provider, 'bad-response', `${provider} answered something that is not JSON`, undefined, { cause: error });
  }
}

/** `Retry-After` as milliseconds: either delta-seconds or an HTTP date. */
export function retryAfterMs(header: string | null, now: () => number = Date.now): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now());
}
