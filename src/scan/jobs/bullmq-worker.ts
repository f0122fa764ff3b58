/**
 * The worker side of the BullMQ backend: `scopeward worker` runs one of these.
 *
 * Stall detection: a worker holds a lock on each active job and renews it every
 * lockDuration / 2. A worker that dies (SIGKILL, OOM) stops renewing; every
 * stalledInterval the other workers look for active jobs without a lock and move them
 * back to waiting, up to maxStalledCount times, after which the job fails.
 */
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { closeConnection, createBullMqConnection, DEFAULT_QUEUE_NAME } from './bullmq-connection.ts';
import { errorMessage, PermanentJobError } from './job-errors.ts';
import { jobKey, toPlainData, type ScanHandler, type ScanJob } from './job-runner.ts';
import { waitWithTimeout } from './wait-with-timeout.ts';

export interface BullMqWorkerOptions<R> {
  readonly redisUrl: string;
  readonly handler: ScanHandler<R>;
  /** Jobs this process runs at once; default 2. */
  readonly concurrency?: number;
  readonly queueName?: string;
  readonly prefix?: string;
  /**
   * How long a job's lock lasts without renewal; default 30 s. Must exceed the longest
   * time the handler blocks the event loop, or a busy worker's job is taken as stalled.
   */
  readonly lockDurationMs?: number;
  /** How often this worker looks for stalled jobs; default 30 s. */
  readonly stalledIntervalMs?: number;
  /** Stalls a job survives before it fails; default 2 (one crash, then one more). */
  readonly maxStalledCount?: number;
  readonly onEvent?: (event: WorkerEvent) => void;
}

export type WorkerEvent =
  | { readonly type: 'active'; readonly jobId: string; readonly key: string; readonly attempt: number }
  | { readonly type: 'completed'; readonly jobId: string; readonly key: string; readonly attempt: number }
  | {
      readonly type: 'failed';
      readonly jobId: string;
      readonly key: string;
      readonly attempt: number;
      readonly final: boolean;
      readonly error: string;
    }
  | { readonly type: 'stalled'; readonly jobId: string }
  | { readonly type: 'error'; readonly error: string };

export interface ScanWorker {
  /** Resolves once the worker is connected and taking jobs. */
  waitUntilReady(): Promise<void>;
  /**
   * Stops taking jobs and lets running ones finish for `graceMs` (default 30 s); then
   * aborts their handlers, whose jobs fail this attempt and are retried elsewhere.
   */
  close(options?: { graceMs?: number }): Promise<void>;
}

/**
 * Starts a worker that runs `handler` for jobs from the scan queue.
 *
 * @example
 * const worker = createBullMqWorker({ redisUrl, handler: scanHandler, concurrency: 2 });
 * process.once('SIGTERM', () => void worker.close());
 */
export function createBullMqWorker<R>(options: BullMqWorkerOptions<R>): ScanWorker {
  const emit = options.onEvent ?? (() => {});
  const connection = createBullMqConnection(options.redisUrl);
  const neverAborted = new AbortController().signal;

  // Three parameters: BullMQ passes the abort signal only to a processor that declares it.
  const processor = async (job: Job<ScanJob, R>, _token: string | undefined, signal: AbortSignal | undefined): Promise<R> => {
    let result: R;
    try {
      result = await options.handler(job.data, signal ?? neverAborted);
    } catch (error) {
      if (error instanceof PermanentJobError) throw new UnrecoverableError(error.message);
      throw error;
    }
    try {
      return toPlainData(result);
    } catch (error) {
      throw new UnrecoverableError(`scan result is not JSON data: ${errorMessage(error)}`);
    }
  };

  const worker = new Worker<ScanJob, R>(options.queueName ?? DEFAULT_QUEUE_NAME, processor, {
    connection,
    ...(options.prefix === undefined ? {} : { prefix: options.prefix }),
    concurrency: options.concurrency ?? 2,
    lockDuration: options.lockDurationMs ?? 30_000,
    stalledInterval: options.stalledIntervalMs ?? 30_000,
    maxStalledCount: options.maxStalledCount ?? 2,
  });

  const describe = (job: Job<ScanJob, R>) => ({ jobId: job.id ?? '', key: jobKey(job.data) });
  worker.on('active', (job) => emit({ type: 'active', ...describe(job), attempt: job.attemptsMade + 1 }));
  worker.on('completed', (job) => emit({ type: 'completed', ...describe(job), attempt: job.attemptsMade }));
  worker.on('failed', (job, error) => {
    if (!job) return;
    const final = error instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
    emit({ type: 'failed', ...describe(job), attempt: job.attemptsMade, final, error: error.message });
  });
  worker.on('stalled', (jobId) => emit({ type: 'stalled', jobId }));
  worker.on('error', (error) => emit({ type: 'error', error: error.message }));

  let closing: Promise<void> | undefined;
  return {
    waitUntilReady: async () => {
      await worker.waitUntilReady();
    },
    close({ graceMs = 30_000 } = {}) {
      closing ??= (async () => {
        // With Redis gone a running job can report nothing and BullMQ's close waits for Redis:
        // no grace then, so a shutdown takes seconds rather than the whole grace.
        if (connection.status !== 'ready') graceMs = 0;
        const closed = worker.close();
        const inTime = await waitWithTimeout(
          closed.then(() => true),
          graceMs,
          () => new Error('grace over'),
        ).catch(() => false);
        if (!inTime) {
          worker.cancelAllJobs('worker shutting down');
          await waitWithTimeout(closed, 5_000, () => new Error('handlers ignored their abort signal')).catch((error: unknown) =>
            emit({ type: 'error', error: errorMessage(error) }),
          );
        }
        await closeConnection(connection);
      })();
      return closing;
    },
  };
}
