/**
 * The analysis engine in a pool of worker processes (Tinypool), so a large source never
 * blocks the event loop: /healthz, rate limits and cached answers stay fast while the
 * workers run. A job's time limit really ends it: aborting a running job kills its worker
 * (the pool starts another), and each worker's heap is capped. Jobs wait in a bounded
 * queue; each client may have only a few jobs queued or running at once.
 *
 * Processes rather than threads: terminating a worker thread in the middle of a
 * tree-sitter parse aborts the whole process (the native binding throws during teardown),
 * while killing a child process is always safe.
 */
import { availableParallelism } from 'node:os';
import { Tinypool } from 'tinypool';
import { loaderExecArgv, moduleUrl } from '../../infra/module-runtime.ts';
import type { analyzeVerifiedSources } from '../scan-dependencies.ts';
import { DataSourceUnavailable } from '../run-data-source.ts';
import type { TokenPowersOfContract } from '../../analysis/token-powers.ts';
import type { ContractSummary } from '../../analysis/analyze.ts';
import { readSpilledItems } from './spilled-items.ts';

export type AnalysisOutput = ReturnType<ReturnType<typeof analyzeVerifiedSources>>;

export interface AnalysisPoolOptions {
  /** Worker processes (default: the machine's cores). */
  readonly threads?: number;
  /** Jobs waiting for a thread at most, over all clients (default 8 per thread). */
  readonly maxQueue?: number;
  /** Jobs queued or running at once per client (default 2). */
  readonly perClient?: number;
  /** Heap of one worker in MB (default 1024): a pathological source ends its job, not the service. */
  readonly maxHeapMb?: number;
}

export interface AnalysisJobOptions {
  /** Who asked (a client address or key id); their jobs are bounded together. */
  readonly client?: string;
  /** Aborting ends the job; a running job's worker is killed. */
  readonly signal?: AbortSignal;
}

export interface AnalysisPool {
  analyze(sources: Readonly<Record<string, string>>, options?: AnalysisJobOptions): Promise<AnalysisOutput>;
  /** The owner powers of `contract` (a source simulation's), off the event loop; undefined when it has none. */
  tokenPowers(
    sources: Readonly<Record<string, string>>,
    contract: string,
    options?: AnalysisJobOptions,
  ): Promise<TokenPowersOfContract | undefined>;
  readonly threads: number;
  /** The process id of the worker that takes the next job (a health check; the fault suite kills it). */
  workerPid(): Promise<number>;
  /** Jobs queued or running per client right now (for tests and metrics). */
  pending(client: string): number;
  close(): Promise<void>;
}

/** The client already has as many jobs as allowed, or the whole queue is full. */
export class AnalysisBusyError extends DataSourceUnavailable {
  constructor(readonly scope: 'client' | 'pool') {
    super(scope === 'client' ? 'too many analyses queued for this client' : 'the analysis queue is full');
  }
}

const WORKER = moduleUrl('./analysis-worker.ts', import.meta.url).href;

export function createAnalysisPool(options: AnalysisPoolOptions = {}): AnalysisPool {
  const threads = Math.max(1, options.threads ?? availableParallelism());
  const maxQueue = options.maxQueue ?? threads * 8;
  const perClient = options.perClient ?? 2;
  const pool = new Tinypool({
    filename: WORKER,
    runtime: 'child_process',
    minThreads: threads,
    maxThreads: threads,
    maxQueue,
    // Beside the sources the worker is TypeScript and loads through tsx, as the CLI does.
    execArgv: [...loaderExecArgv(), `--max-old-space-size=${options.maxHeapMb ?? 1024}`],
  });
  const perClientCount = new Map<string, number>();

  return {
    threads,
    pending: (client) => perClientCount.get(client) ?? 0,
    workerPid: async () => (await pool.run(null, { name: 'pid' })) as number,
    async analyze(sources, job = {}) {
      const out = (await bounded(job, { sources })) as AnalysisOutput & { contractsFile?: string };
      if (out.contractsFile === undefined) return out;
      const { contractsFile, ...rest } = out;
      return { ...rest, contracts: await readSpilledItems<ContractSummary>(contractsFile) };
    },
    async tokenPowers(sources, contract, job = {}) {
      // The worker answers null for none (undefined does not cross IPC).
      const found = (await bounded(job, { sources, contract }, 'tokenPowers')) as TokenPowersOfContract | null;
      return found ?? undefined;
    },
    close: () => pool.destroy(),
  };

  /** Runs one task of the worker (`name`: its export) within the queue's and the client's bounds. */
  async function bounded(job: AnalysisJobOptions, task: unknown, name?: string): Promise<unknown> {
    // Jobs of the scan service itself (no client) are bounded by its runner's concurrency.
    const client = job.client;
    const count = client === undefined ? 0 : (perClientCount.get(client) ?? 0);
    if (client !== undefined && count >= perClient) throw new AnalysisBusyError('client');
    if (pool.queueSize >= maxQueue) throw new AnalysisBusyError('pool');
    if (client !== undefined) perClientCount.set(client, count + 1);
    try {
      return await pool.run(task, { ...(name ? { name } : {}), ...(job.signal ? { signal: job.signal } : {}) });
    } catch (error) {
      if (job.signal?.aborted) throw new DataSourceUnavailable('analysis stopped at its time limit');
      if (error instanceof Error && /queue is at limit/i.test(error.message)) throw new AnalysisBusyError('pool');
      throw error;
    } finally {
      if (client !== undefined) release(client);
    }
  }

  function release(client: string): void {
    const left = (perClientCount.get(client) ?? 1) - 1;
    if (left <= 0) perClientCount.delete(client);
    else perClientCount.set(client, left);
  }
}
