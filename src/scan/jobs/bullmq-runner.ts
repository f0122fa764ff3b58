/**
 * The API side of the BullMQ backend (when REDIS_URL is set): enqueues scan jobs and waits
 * for whichever `scopeward worker` process runs them.
 *
 * Dedup: BullMQ's deduplication option with id = jobKey(job). While a job for the key is
 * waiting, active, or waiting for a retry, `add` returns that job's id instead of adding
 * one; the dedup key is released when the job completes or finally fails, so a later scan
 * runs again. Job ids stay BullMQ's own, and finished jobs are kept for a while, so a
 * caller that joined just before completion can still read the result.
 */
import { setMaxListeners } from 'node:events';
import { Queue, QueueEvents, type JobsOptions } from 'bullmq';
import { closeConnection, createBullMqConnection, DEFAULT_QUEUE_NAME, SCAN_JOB_NAME } from './bullmq-connection.ts';
import { JobTimeoutError, RunnerClosedError } from './job-errors.ts';
import { DEFAULT_ATTEMPTS, DEFAULT_BACKOFF_MS, DEFAULT_WAIT_MS, jobKey, type JobRunner, type ScanJob } from './job-runner.ts';
import { waitForBullMqJob } from './wait-for-bullmq-job.ts';
import { waitWithTimeout } from './wait-with-timeout.ts';

export interface BullMqRunnerOptions {
  readonly redisUrl: string;
  readonly queueName?: string;
  /** Redis key prefix (BullMQ's default is `bull`); separates installations or test runs. */
  readonly prefix?: string;
  /** Handler attempts per job, across workers; default 3. */
  readonly attempts?: number;
  /** Delay before the first retry, doubled for each further one; default 2000 ms. */
  readonly backoffMs?: number;
  readonly defaultWaitMs?: number;
  /** How long finished jobs (and their results) stay in Redis; default 1 hour. */
  readonly keepFinishedSeconds?: number;
  /** Connection errors; they also reach callers as timeouts. */
  readonly onError?: (error: Error) => void;
}

/**
 * Enqueues scan jobs on BullMQ and waits for their results.
 *
 * @example
 * const runner = createBullMqRunner<ScanReport>({ redisUrl: config.redisUrl });
 * const report = await runner.run({ network: 'BSC', address }, { waitMs: 60_000 });
 */
export function createBullMqRunner<R>(options: BullMqRunnerOptions): JobRunner<R> {
  const queueName = options.queueName ?? DEFAULT_QUEUE_NAME;
  const defaultWaitMs = options.defaultWaitMs ?? DEFAULT_WAIT_MS;
  const keep = { age: options.keepFinishedSeconds ?? 3600, count: 10_000 };
  const prefix = options.prefix === undefined ? {} : { prefix: options.prefix };
  const connection = createBullMqConnection(options.redisUrl);
  const queue = new Queue<ScanJob, R>(queueName, { connection, ...prefix });
  const events = new QueueEvents(queueName, { connection, ...prefix });
  // Many callers wait on one event stream at once; each adds two listeners.
  events.setMaxListeners(0);
  const onError = options.onError ?? (() => {});
  queue.on('error', onError);
  events.on('error', onError);
  const closing = new AbortController();
  // Every waiting caller listens for close.
  setMaxListeners(0, closing.signal);

  const jobOptions = (key: string): JobsOptions => ({
    deduplication: { id: key },
    attempts: options.attempts ?? DEFAULT_ATTEMPTS,
    backoff: { type: 'exponential', delay: options.backoffMs ?? DEFAULT_BACKOFF_MS },
    removeOnComplete: keep,
    removeOnFail: keep,
  });

  async function enqueueAndWait(job: ScanJob, key: string, signal: AbortSignal, seen: { jobId?: string }): Promise<R> {
    const data: ScanJob = { network: job.network, address: job.address, ...(job.force === undefined ? {} : { force: job.force }) };
    const added = await abortable(queue.add(SCAN_JOB_NAME, data, jobOptions(key)), signal);
    if (added.id === undefined) throw new Error(`BullMQ returned no id for scan job ${key}`);
    seen.jobId = added.id;
    return waitForBullMqJob<R>(events, queue as unknown as Queue, added.id, key, signal);
  }

  /** The job's state for the timeout message, if Redis answers quickly. */
  async function stateOf(jobId: string | undefined): Promise<string | undefined> {
    if (jobId === undefined) return undefined;
    return waitWithTimeout(queue.getJobState(jobId), 1_000, () => new Error('no answer')).catch(() => undefined);
  }

  return {
    backend: 'bullmq',
    async run(job, runOptions = {}) {
      const key = jobKey(job);
      if (closing.signal.aborted) throw new RunnerClosedError(key);
      const waitMs = runOptions.waitMs ?? defaultWaitMs;
      const stop = new AbortController();
      const onClose = () => stop.abort(new RunnerClosedError(key));
      closing.signal.addEventListener('abort', onClose, { once: true });
      const seen: { jobId?: string } = {};
      try {
        const work = enqueueAndWait(job, key, stop.signal, seen);
        return await waitWithTimeout(work, waitMs, async () => new JobTimeoutError(key, waitMs, await stateOf(seen.jobId)));
      } finally {
        // Ends the wait's listeners when the timeout won.
        stop.abort(new Error('wait ended'));
        closing.signal.removeEventListener('abort', onClose);
      }
    },
    async close() {
      if (closing.signal.aborted) return;
      closing.abort();
      const shut = Promise.allSettled([queue.close(), events.close()]);
      await waitWithTimeout(shut, 5_000, () => new Error('BullMQ did not close')).catch(() => {});
      await closeConnection(connection);
    },
  };
}

/** Rejects with the signal's reason as soon as it aborts; `promise` may still settle later. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
