/**
 * A short-lived cache of verified API keys in front of the database. A key a caller uses
 * again within `ttlMs` is not looked up again, which takes the database off the hot
 * path of every keyed call. The TTL is the bound on revocation: a key revoked anywhere
 * (another replica, the CLI) stops working here within `ttlMs` (default 1 s). Only valid
 * keys are kept, so random keys cannot fill the cache, and a new key works at once.
 */
import type { ApiKeyInfo, ApiKeyVerifier } from './api-key-repository.ts';

export interface CachedVerifierOptions {
  readonly ttlMs?: number;
  /** Entries at most; the oldest goes first. */
  readonly maxEntries?: number;
  readonly now?: () => number;
}

export interface CachedVerifier extends ApiKeyVerifier {
  /** Drops a key (by its id) at once, e.g. after revoking it in this process. */
  forget(id: string): void;
  /** The key's info when it was verified less than `ttlMs` ago; no database read. */
  known(presented: string): ApiKeyInfo | undefined;
}

export function cachedApiKeyVerifier(verify: ApiKeyVerifier, options: CachedVerifierOptions = {}): CachedVerifier {
  const ttlMs = options.ttlMs ?? 1000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { info: ApiKeyInfo; expires: number }>();
  const known = (presented: string): ApiKeyInfo | undefined => {
    const hit = cache.get(presented);
    return hit && hit.expires > now() ? hit.info : undefined;
  };
  const cached = async (presented: string): Promise<ApiKeyInfo | undefined> => {
    const fresh = known(presented);
    if (fresh) return fresh;
    cache.delete(presented); // expired, if there at all
    const info = await verify(presented);
    if (info) {
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
      cache.set(presented, { info, expires: now() + ttlMs });
    }
    return info;
  };
  return Object.assign(cached, {
    known,
    forget(id: string) {
      for (const [key, entry] of cache) if (entry.info.id === id) cache.delete(key);
    },
  });
}
