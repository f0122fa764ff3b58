/**
 * Similarity in a pool of worker threads (Tinypool), so comparing a 4 MB source with the
 * corpus (a third of a second here) never blocks the event loop. The index goes to the
 * workers as a snapshot in shared memory, made once per corpus version. A job's time
 * limit ends it: the worker thread is terminated (no native code runs in it, unlike the
 * analysis workers, so threads are safe here) and the pool starts another. Each client
 * may have only a few jobs queued or running at once.
 */
import { AppError, type AppErrorOptions } from '../errors/app-error.ts';
import { MESSAGES } from '../interface/messages.ts';
import { availableParallelism } from 'node:os';
import { Tinypool } from 'tinypool';
import { computeSimilarity, joinSources, type Similarity, type SimilarityOptions } from '../analysis/similarity/compute-similarity.ts';
import { snapshotIndex, type IndexSnapshot } from '../analysis/similarity/index-snapshot.ts';
import { SimilarityInputError } from '../analysis/similarity/similarity-error.ts';
import type { SimilarityIndex } from '../analysis/similarity/similarity-index.ts';
import type { SimilarityAnswer, SimilarityTask } from './similarity-worker.ts';

export interface SimilarityPoolOptions {
  /** Worker threads (default: the machine's cores). */
  readonly threads?: number;
  /** Jobs waiting at most, over all clients (default 8 per thread). */
  readonly maxQueue?: number;
  /** Jobs queued or running at once per client (default 2). */
  readonly perClient?: number;
  /** A job's time limit in ms (default 20 s). */
  readonly timeoutMs?: number;
}

export interface SimilarityJobOptions extends SimilarityOptions {
  /** Who asked (a key id or client address); their jobs are bounded together. */
  readonly client?: string;
  readonly signal?: AbortSignal;
}

/** How a similarity is computed: in the pool, or in process (tests, the command line). */
export type CompareSimilarity = (
  index: SimilarityIndex,
  sources: Readonly<Record<string, string>>,
  options?: SimilarityJobOptions,
) => Promise<Similarity>;

/** In this process, on the caller's thread (the command line; tests without a pool). */
export const compareInProcess: CompareSimilarity = async (index, sources, { client: _c, signal: _s, ...options } = {}) =>
  computeSimilarity(index, sources, options);

export interface SimilarityPool {
  compare(index: SimilarityIndex, sources: Readonly<Record<string, string>>, options?: SimilarityJobOptions): Promise<Similarity>;
  readonly threads: number;
  close(): Promise<void>;
}

/** The client (or the whole pool) has as many jobs as allowed: try again later. */
export class SimilarityBusyError extends AppError {
  override readonly name = 'SimilarityBusyError';
  constructor(readonly scope: 'client' | 'pool') {
    const message = scope === 'client' ? 'too many similarity searches queued for this client' : 'the similarity queue is full';
    super(503, message, similarityUnavailable(message));
  }
}

/** The job ran past its time limit and was ended. */
export class SimilarityTimeoutError extends AppError {
  override readonly name = 'SimilarityTimeoutError';
  constructor(message: string) {
    super(503, message, similarityUnavailable(message));
  }
}

/** Both answer 503 "Service unavailable" naming the similarity search and why, retry in 5 s. */
function similarityUnavailable(reason: string): AppErrorOptions {
  return {
    clientMessage: MESSAGES.common.serviceUnavailable,
    fields: { meta: { source: 'similarity', reason } },
    headers: { 'Retry-After': '5' },
  };
}

const WORKER = new URL('./similarity-worker-entry.mjs', import.meta.url).href;

export function createSimilarityPool(options: SimilarityPoolOptions = {}): SimilarityPool {
  const threads = Math.max(1, options.threads ?? availableParallelism());
  const maxQueue = options.maxQueue ?? threads * 8;
  const perClient = options.perClient ?? 2;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const pool = new Tinypool({
    filename: WORKER,
    // All threads stay up: a thread started on demand would first load tsx and rebuild the index.
    minThreads: threads,
    maxThreads: threads,
    maxQueue,
  });
  const perClientCount = new Map<string, number>();
  // One snapshot per index version; the previous one is dropped when the corpus changes.
  const snapshots = new WeakMap<SimilarityIndex, { version: number; snapshot: IndexSnapshot }>();

  function snapshotOf(index: SimilarityIndex): IndexSnapshot {
    const known = snapshots.get(index);
    if (known?.version === index.version) return known.snapshot;
    const snapshot = snapshotIndex(index);
    snapshots.set(index, { version: index.version, snapshot });
    return snapshot;
  }

  return {
    threads,
    async compare(index, sources, { client, signal, ...similarityOptions } = {}) {
      const count = client === undefined ? 0 : (perClientCount.get(client) ?? 0);
      if (client !== undefined && count >= perClient) throw new SimilarityBusyError('client');
      if (pool.queueSize >= maxQueue) throw new SimilarityBusyError('pool');
      if (client !== undefined) perClientCount.set(client, count + 1);
      const limit = AbortSignal.timeout(timeoutMs);
      const task: SimilarityTask = { snapshot: snapshotOf(index), sources: { ...sources }, options: similarityOptions };
      try {
        const answer = (await pool.run(task, { signal: signal ? AbortSignal.any([signal, limit]) : limit })) as SimilarityAnswer;
        if (!answer.ok) throw new SimilarityInputError(answer.message, { ...answer.details });
        // Same text the worker matched against (one file: the very string sent).
        return { ranks: answer.similarity.ranks, contracts: answer.similarity.contracts, source: joinSources(task.sources) };
      } catch (error) {
        if (limit.aborted) throw new SimilarityTimeoutError(`similarity search stopped at its time limit (${timeoutMs} ms)`);
        if (error instanceof Error && /queue is at limit/i.test(error.message)) throw new SimilarityBusyError('pool');
        throw error;
      } finally {
        if (client !== undefined) {
          const left = (perClientCount.get(client) ?? 1) - 1;
          if (left <= 0) perClientCount.delete(client);
          else perClientCount.set(client, left);
        }
      }
    },
    close: () => pool.destroy(),
  };
}
