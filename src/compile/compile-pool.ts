/**
 * solc in a pool of worker processes (Tinypool, as the analysis pool), so a compile never
 * blocks the API's event loop: a chain of 1,500 inheriting contracts keeps solc busy for
 * seconds to minutes, and a large one grows its WebAssembly memory past 2 GB.
 *
 * Limits per job, counted from the moment a worker starts it (not while it waits):
 * - time: past `timeLimitMs` the worker is killed and the job ends with a `time-limit`
 *   CompileError;
 * - memory: the worker's resident memory is read from /proc every `watchEveryMs`; past
 *   `memoryLimitMb` it is killed and the job ends with `memory-limit`. solc's memory is
 *   WebAssembly's, outside V8's heap, so `--max-old-space-size` alone would not bound it.
 *   Where there is no /proc (not Linux) only the heap cap applies.
 * The pool starts a new worker for a killed one. Jobs wait in a bounded queue, a few per client.
 *
 * Outcomes are kept in memory by a hash of the exact sources and settings, failures too:
 * a compile error answers the same sources at once, and a source that ran past a limit is
 * not compiled again for `limitTtlMs` (the same source sent five times a minute costs one
 * compile, not five). The time limit is wall-clock and includes loading the compiler, so on
 * an overloaded machine small compiles can be cut short too. Identical compiles asked while one runs share it.
 */
import { availableParallelism } from 'node:os';
import { Tinypool, type TinypoolChannel } from 'tinypool';
import { compileCacheKey, type CachedCompile, type CompileSolidityOptions, type CompileSolidityReturnType } from './compile-solidity.ts';
import { CompileError, type CompileErrorKind } from './compile-error.ts';
import type { CompileJobStarted, CompileTask } from './compile-worker.ts';
import { residentSetBytes } from '../infra/process-memory.ts';
import { loaderExecArgv, moduleUrl } from '../infra/module-runtime.ts';

export interface CompilePoolOptions {
  /** Worker processes at most (default: the machine's cores); started when needed. */
  readonly threads?: number;
  /** Wall-clock time one compile may run (default 15 s). */
  readonly timeLimitMs?: number;
  /** Resident memory of a worker while it compiles, in MB (default 1536). */
  readonly memoryLimitMb?: number;
  /** How often a running job's memory is read (default 100 ms). */
  readonly watchEveryMs?: number;
  /**
   * How long a source that ran past a limit is answered from the cache (default 60 s): long
   * enough that repeating it costs one compile a minute, short enough that a small source
   * stopped only because the machine was overloaded is tried again soon.
   */
  readonly limitTtlMs?: number;
  /** Outcomes kept in memory (default 64). */
  readonly cacheEntries?: number;
  /** Jobs waiting for a worker at most (default 8 per worker). */
  readonly maxQueue?: number;
  /** Jobs queued or running at once per client (default 2). */
  readonly perClient?: number;
  /** Shared disk cache of outcomes (the workers read and write it). */
  readonly cacheDir?: string;
  /** The clock of the cache's expiry (tests inject one). */
  readonly now?: () => number;
}

export interface CompileJobOptions extends Pick<CompileSolidityOptions, 'version' | 'optimize'> {
  /** Answer only the contract a simulation deploys: this one by name, else the largest ERC-20. */
  readonly select?: { readonly name?: string };
  /** Who asked; their jobs are bounded together. */
  readonly client?: string;
  /** Aborting ends the caller's wait (and the job, when no one else waits for it). */
  readonly signal?: AbortSignal;
}

export interface CompilePool {
  compile(sources: Readonly<Record<string, string>>, options?: CompileJobOptions): Promise<CompileSolidityReturnType>;
  /** Jobs workers have started since the pool was made (tests: a cached answer starts none). */
  jobsStarted(): number;
  /** The process id of a worker (the pool's health check; tests kill workers by it). */
  workerPid(): Promise<number>;
  close(): Promise<void>;
}

// The .js beside it when running compiled (bin/compiled-output.js), else the source through tsx.
const WORKER = moduleUrl('./compile-worker.ts', import.meta.url).href;
/** Outcomes that depend on the moment (a full queue) are never kept; limits are kept for a while. */
const LIMITS: ReadonlySet<CompileErrorKind> = new Set(['time-limit', 'memory-limit']);

interface Flight {
  readonly promise: Promise<CachedCompile>;
  readonly controller: AbortController;
  waiters: number;
}

export function createCompilePool(options: CompilePoolOptions = {}): CompilePool {
  const threads = Math.max(1, options.threads ?? availableParallelism());
  const timeLimitMs = options.timeLimitMs ?? 15_000;
  const memoryLimitBytes = (options.memoryLimitMb ?? 1536) * 1024 * 1024;
  const watchEveryMs = options.watchEveryMs ?? 100;
  const limitTtlMs = options.limitTtlMs ?? 60_000;
  const cacheEntries = options.cacheEntries ?? 64;
  const maxQueue = options.maxQueue ?? threads * 8;
  const perClient = options.perClient ?? 2;
  const now = options.now ?? Date.now;
  const pool = new Tinypool({
    filename: WORKER,
    runtime: 'child_process',
    // Started with the pool: spawning a worker (a fork of the API process) held the event
    // loop 50-200 ms on the first scans' path. Loaded compilers stay (~240 ms each to load).
    minThreads: threads,
    maxThreads: threads,
    maxQueue,
    // The V8 heap cap; solc's WebAssembly memory is watched from here (see above).
    execArgv: [...loaderExecArgv(), `--max-old-space-size=${Math.max(256, options.memoryLimitMb ?? 1536)}`],
  });
  const cache = new Map<string, { outcome: CachedCompile; at: number }>();
  const flights = new Map<string, Flight>();
  const perClientCount = new Map<string, number>();
  let nextJob = 1;
  let started = 0;

  function cached(key: string): CachedCompile | undefined {
    const hit = cache.get(key);
    if (!hit) return undefined;
    if ('error' in hit.outcome && LIMITS.has(hit.outcome.error.kind) && now() - hit.at >= limitTtlMs) {
      cache.delete(key);
      return undefined;
    }
    cache.delete(key);
    cache.set(key, hit);
    return hit.outcome;
  }

  function remember(key: string, outcome: CachedCompile): void {
    if ('error' in outcome && outcome.error.kind === 'busy') return;
    cache.set(key, { outcome, at: now() });
    if (cache.size > cacheEntries) cache.delete(cache.keys().next().value as string);
  }

  /** Runs one job in a worker, with its clocks started by the worker's start message. */
  async function run(task: Omit<CompileTask, 'job'>, controller: AbortController): Promise<CachedCompile> {
    const job = nextJob++;
    let stopped: 'time-limit' | 'memory-limit' | undefined;
    let timer: NodeJS.Timeout | undefined;
    let watcher: NodeJS.Timeout | undefined;
    const stop = (why: 'time-limit' | 'memory-limit') => {
      stopped ??= why;
      controller.abort();
    };
    const onStart = (message: unknown) => {
      const m = message as Partial<CompileJobStarted> | null;
      if (m?.compileJob !== job || typeof m.pid !== 'number' || timer) return;
      started += 1;
      const pid = m.pid;
      timer = setTimeout(() => stop('time-limit'), timeLimitMs);
      const watch = async () => {
        const rss = await residentSetBytes(pid);
        if (rss !== null && rss > memoryLimitBytes) return stop('memory-limit');
        if (!controller.signal.aborted) watcher = setTimeout(() => void watch(), watchEveryMs);
      };
      watcher = setTimeout(() => void watch(), watchEveryMs);
    };
    const channel: TinypoolChannel = { onMessage: () => {}, postMessage: onStart };
    try {
      return (await pool.run({ ...task, job } satisfies CompileTask, { signal: controller.signal, channel })) as CachedCompile;
    } catch (error) {
      if (stopped === 'time-limit')
        return failure('time-limit', `compile cut short: solc ran past its time limit of ${timeLimitMs / 1000} s and was stopped`);
      if (stopped === 'memory-limit')
        return failure(
          'memory-limit',
          `compile cut short: solc used more than its memory limit of ${Math.round(memoryLimitBytes / 1024 / 1024)} MB and was stopped`,
        );
      if (error instanceof Error && /queue is at limit/i.test(error.message)) return failure('busy', 'the compile queue is full');
      if (controller.signal.aborted) throw new CompileError('time-limit', 'compile stopped: the scan ended it');
      // Not kept: a worker killed from outside (the kernel's OOM killer, an operator) says nothing of the source.
      throw new CompileError(
        'compile-failed',
        `the compile worker ended without an answer (${error instanceof Error ? error.message : String(error)})`,
      );
    } finally {
      clearTimeout(timer);
      clearTimeout(watcher);
    }
  }

  function release(client: string | undefined): void {
    if (client === undefined) return;
    const left = (perClientCount.get(client) ?? 1) - 1;
    if (left <= 0) perClientCount.delete(client);
    else perClientCount.set(client, left);
  }

  return {
    jobsStarted: () => started,
    workerPid: async () => (await pool.run(null, { name: 'pid' })) as number,
    async compile(sources, job = {}) {
      if (Object.keys(sources).length === 0) throw new CompileError('bad-input', 'no sources to compile');
      const settings = { ...(job.version ? { version: job.version } : {}), optimize: job.optimize ?? true };
      const key = `${await compileCacheKeyOffThread(sources, settings)}|${job.select ? `select:${job.select.name ?? ''}` : 'all'}`;
      const known = cached(key);
      if (known) return answer(known, 0);
      let flight = flights.get(key);
      if (!flight) {
        const client = job.client;
        const count = client === undefined ? 0 : (perClientCount.get(client) ?? 0);
        if (client !== undefined && count >= perClient)
          throw new CompileError('busy', 'too many compiles queued for this client', { scope: 'client' });
        if (client !== undefined) perClientCount.set(client, count + 1);
        const controller = new AbortController();
        const task = { sources, options: { ...settings, ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}) }, select: job.select };
        const promise = run(task, controller)
          .then((outcome) => (remember(key, outcome), outcome))
          .finally(() => {
            flights.delete(key);
            release(client);
          });
        // Its waiters handle the outcome; a job whose last waiter left rejects with no one to tell.
        promise.catch(() => {});
        flight = { promise, controller, waiters: 0 };
        flights.set(key, flight);
      }
      return answer(await waitFor(flight, job.signal));
    },
    close: () => pool.destroy(),
  };
}

/**
 * `compileCacheKey`'s inputs hashed by WebCrypto, whose digest runs on libuv's pool: hashing
 * a 0.9 MB source on the event loop took 20-75 ms on a busy machine. Not the same value as
 * the disk cache's key, and need not be: it keys this pool's memory only.
 */
async function compileCacheKeyOffThread(
  sources: Readonly<Record<string, string>>,
  settings: Pick<CompileSolidityOptions, 'version' | 'optimize'>,
): Promise<string> {
  const parts = Object.entries(sources)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .flatMap(([file, content]) => [`\0${file.length}:${file}\0${content.length}:`, content]);
  const bytes = new TextEncoder().encode([compileCacheKey({}, settings), ...parts].join(''));
  return Buffer.from(await crypto.subtle.digest('SHA-256', bytes)).toString('hex');
}

/** The flight's outcome, or this caller's abort; the job ends when its last waiter leaves. */
function waitFor(flight: Flight, signal: AbortSignal | undefined): Promise<CachedCompile> {
  flight.waiters += 1;
  if (!signal) return flight.promise;
  if (signal.aborted) {
    leave(flight);
    return Promise.reject(new CompileError('time-limit', 'compile stopped: the scan ended it'));
  }
  return new Promise<CachedCompile>((resolve, reject) => {
    const onAbort = () => {
      leave(flight);
      reject(new CompileError('time-limit', 'compile stopped: the scan ended it'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    flight.promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function leave(flight: Flight): void {
  flight.waiters -= 1;
  if (flight.waiters <= 0) flight.controller.abort();
}

function failure(kind: CompileErrorKind, message: string): CachedCompile {
  return { error: { kind, message, details: {} } };
}

function answer(outcome: CachedCompile, durationMs?: number): CompileSolidityReturnType {
  if ('ok' in outcome) return durationMs === undefined ? outcome.ok : { ...outcome.ok, durationMs };
  throw new CompileError(outcome.error.kind, outcome.error.message, outcome.error.details);
}
