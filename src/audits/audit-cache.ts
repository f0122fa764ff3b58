/**
 * A read-through cache in front of the keyed audit lookup (operation 1).
 *
 * The registry is small and changes only by import or removal, while the lookup is the
 * hottest read of the API: remembering answers (misses too) takes the database off the
 * hot path. Two ways an answer stops being served:
 * - a write in this process (`upsertAudits`, `removeAudits`) calls `auditsChanged(db)`,
 *   which drops every cached answer for that database at once;
 * - a write elsewhere (the CLI on the same SQLite file, another replica on PostgreSQL)
 *   is seen within `ttlMs` (default 1 s, the same bound as the API key cache).
 *
 * How a write elsewhere is seen: given `version`, a reading that changes whenever the
 * audits change anywhere, the cache reads it at most once per `ttlMs` and keeps every
 * answer while it holds still, so a hot registry costs one reading a second instead of
 * one query per address a second. On SQLite that is `PRAGMA data_version` (it changes
 * when another connection commits; free and synchronous); on PostgreSQL the audits'
 * counter in `registry_versions`, raised in the transaction of every import and removal
 * (one indexed read, shared by the requests waiting on it). Without `version` each
 * answer expires after `ttlMs`.
 */
import type { AuditRecord } from '../interface/schemas/audit-record.ts';
import { normalizeEvmAddress } from '../interface/address.ts';
import type { AuditLookup } from './audit-repository.ts';

export interface AuditCacheOptions {
  readonly ttlMs?: number;
  /** Entries at most; the oldest goes first. */
  readonly maxEntries?: number;
  /** Milliseconds now: injected by tests. */
  readonly now?: () => number;
  /** A cheap reading that changes whenever another connection writes the audits (see above). */
  readonly version?: (() => unknown) | undefined;
}

/** Per database handle: how many writes this process made to its audits. */
const generations = new WeakMap<object, number>();

function generationOf(db: object): number {
  return generations.get(db) ?? 0;
}

/** Records that the audits of `db` changed in this process: cached answers for it are dropped. */
export function auditsChanged(db: object): void {
  generations.set(db, generationOf(db) + 1);
}

interface Entry {
  readonly record: AuditRecord | undefined;
  readonly expires: number;
}

/** The cached lookup, and what it already knows without waiting. */
export interface CachedAuditLookup extends AuditLookup {
  /**
   * The answer the lookup would give now when it is held in the cache and nothing needs
   * reading first (`record` undefined: a cached miss); undefined otherwise. The route
   * answers a hit without a promise; anything else goes through the lookup itself.
   */
  peek(query: { network: string; address: string }): { readonly record: AuditRecord | undefined } | undefined;
}

/**
 * Wraps `lookup` (which reads `db`) with the cache. Answers are frozen: the same object
 * goes to every caller, and nothing downstream may change it.
 */
export function cachedAuditLookup(lookup: AuditLookup, db: object, options: AuditCacheOptions = {}): CachedAuditLookup {
  const ttlMs = options.ttlMs ?? 1000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, Entry>();
  const version = options.version;
  let generation = generationOf(db);
  let seenVersion: unknown;
  let versionReadAt = -Infinity;
  let reading: Promise<void> | undefined;
  const settle = (value: unknown) => {
    if (value !== seenVersion) {
      cache.clear();
      seenVersion = value;
    }
  };
  /**
   * Drops everything when this process or, by the version, another one changed the audits.
   * An asynchronous version (a query) is read once for all the requests that wait on it;
   * if it fails, the request fails and the next one reads it again.
   */
  const dropStale = (): Promise<void> | undefined => {
    const current = generationOf(db);
    if (current !== generation) {
      cache.clear();
      generation = current;
    }
    if (!version) return undefined;
    if (reading) return reading;
    if (now() - versionReadAt < ttlMs) return undefined;
    versionReadAt = now();
    const value = version();
    if (!isPromiseLike(value)) {
      settle(value);
      return undefined;
    }
    reading = Promise.resolve(value)
      .then(settle, (error: unknown) => {
        versionReadAt = -Infinity;
        throw error;
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
  const keyOf = (query: { network: string; address: string }) => `${query.network}|${normalizeEvmAddress(query.address)}`;
  const fresh = (hit: Entry | undefined): hit is Entry => hit !== undefined && (version !== undefined || hit.expires > now());
  const peek: CachedAuditLookup['peek'] = (query) => {
    // A version read in flight (PostgreSQL) must be waited for: the lookup does that.
    if (dropStale()) return undefined;
    const hit = cache.get(keyOf(query));
    return fresh(hit) ? hit : undefined;
  };
  const cached = async (query: { network: string; address: string }) => {
    const pending = dropStale();
    if (pending) await pending;
    const key = keyOf(query);
    const hit = cache.get(key);
    if (fresh(hit)) return hit.record;
    if (hit) cache.delete(key);
    const found = await lookup(query);
    const record = found && Object.freeze(found);
    // A write that committed while this read was in flight may have made it stale: keep
    // the answer for this caller only.
    if (generationOf(db) === generation) {
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
      cache.set(key, { record, expires: now() + ttlMs });
    }
    return record;
  };
  return Object.assign(cached, { peek });
}

/**
 * SQLite's `data_version` of the store's connection: it changes when another connection
 * (the CLI, a second server on the same file) commits. None on PostgreSQL.
 */
export function storeVersion(store: {
  readonly sqlite?: { pragma(source: string, options: { simple: true }): unknown };
}): (() => unknown) | undefined {
  const sqlite = store.sqlite;
  return sqlite ? () => sqlite.pragma('data_version', { simple: true }) : undefined;
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function';
}
