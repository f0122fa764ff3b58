/**
 * Runs the slow-source poll (issue 19) on a schedule: a repeatable job on BullMQ when Redis
 * is configured (one run per interval however many processes work the queue), an
 * in-process timer otherwise. A run never overlaps the previous one.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { Queue, Worker } from 'bullmq';
import { closeConnection, createBullMqConnection } from '../scan/jobs/bullmq-connection.ts';
import { waitWithTimeout } from '../scan/jobs/wait-with-timeout.ts';

export interface SlowPoll {
  close(): Promise<void>;
}

export interface SlowPollOptions {
  /** One poll: refreshes the slow sources of recently scanned tokens; returns how many. */
  readonly poll: () => Promise<number>;
  readonly intervalMs: number;
  readonly onResult?: (refreshed: number) => void;
  readonly onError?: (error: Error) => void;
  /** Errors of the queue's Redis connections (reported on every reconnect attempt); default onError. */
  readonly onConnectionError?: (error: Error) => void;
}

/** Calls `tick` every `ms` until the returned function is called (tests pass their own). */
export type Every = (ms: number, tick: () => void) => () => void;

const realEvery: Every = (ms, tick) => {
  const timer = setInterval(tick, ms);
  timer.unref();
  return () => clearInterval(timer);
};

/** Without Redis: a timer in this process. */
export function startInProcessPoll(options: SlowPollOptions, every: Every = realEvery): SlowPoll & { running: () => Promise<void> } {
  let current: Promise<void> = Promise.resolve();
  let busy = false;
  const stop = every(options.intervalMs, () => {
    if (busy) return;
    busy = true;
    current = options
      .poll()
      .then(
        (n) => options.onResult?.(n),
        (error: unknown) => options.onError?.(error instanceof Error ? error : new Error(String(error))),
      )
      .finally(() => {
        busy = false;
      });
  });
  return {
    running: () => current,
    async close() {
      stop();
      await current;
    },
  };
}

export const SLOW_POLL_JOB = 'slow-poll';

/**
 * With Redis: a job scheduler on the queue `${queueName}` fires every interval and one of
 * the processes working that queue runs the poll (concurrency 1 per process).
 */
export async function startBullMqPoll(
  options: SlowPollOptions & {
    readonly redisUrl: string;
    readonly queueName: string;
    readonly prefix?: string;
    /** Delay before a failed schedule upsert is tried again; default 5 s. */
    readonly retryMs?: number;
  },
): Promise<SlowPoll & { readonly scheduled: Promise<boolean> }> {
  const prefix = options.prefix === undefined ? {} : { prefix: options.prefix };
  const queueConnection = createBullMqConnection(options.redisUrl);
  const workerConnection = createBullMqConnection(options.redisUrl);
  const queue = new Queue(options.queueName, { connection: queueConnection, ...prefix });
  const onError = (error: Error) => (options.onConnectionError ?? options.onError)?.(error);
  queue.on('error', onError);
  // Upserted: every process starting with the same interval keeps one schedule, not one each.
  // In the background: with Redis down at start the upsert waits for it (the connection
  // queues commands), and the server must listen meanwhile; a failed upsert is retried.
  const scheduling = new AbortController();
  const scheduled = retryUntilDone(
    () =>
      queue.upsertJobScheduler(
        SLOW_POLL_JOB,
        { every: options.intervalMs },
        { name: SLOW_POLL_JOB, opts: { removeOnComplete: 10, removeOnFail: 10 } },
      ),
    { retryMs: options.retryMs ?? 5_000, signal: scheduling.signal, onError },
  );
  const worker = new Worker(
    options.queueName,
    async () => {
      const refreshed = await options.poll();
      options.onResult?.(refreshed);
      return refreshed;
    },
    { connection: workerConnection, ...prefix, concurrency: 1, lockDuration: 120_000 },
  );
  worker.on('error', onError);
  return {
    scheduled,
    async close() {
      scheduling.abort();
      // BullMQ's close waits for Redis, forever when it is gone: a running poll gets 30 s while
      // Redis answers, 2 s otherwise; then the connections are dropped (a poll cut short is
      // taken up again by another process when its lock expires).
      const connected = queueConnection.status === 'ready' && workerConnection.status === 'ready';
      const closed = Promise.allSettled([worker.close(), queue.close()]);
      await waitWithTimeout(closed, connected ? 30_000 : 2_000, () => new Error('BullMQ did not close')).catch(() => {});
      await Promise.all([closeConnection(queueConnection), closeConnection(workerConnection)]);
    },
  };
}

/**
 * Calls `attempt` until it resolves (true) or `signal` aborts (false), `retryMs` apart,
 * reporting each failure; never rejects.
 */
async function retryUntilDone(
  attempt: () => Promise<unknown>,
  options: { readonly retryMs: number; readonly signal: AbortSignal; readonly onError: (error: Error) => void },
): Promise<boolean> {
  // An attempt waiting for a Redis that never comes is abandoned when the poll closes.
  const aborted = new Promise<'aborted'>((resolve) => options.signal.addEventListener('abort', () => resolve('aborted'), { once: true }));
  while (!options.signal.aborted) {
    try {
      if ((await Promise.race([attempt(), aborted])) === 'aborted') break;
      return true;
    } catch (error) {
      if (options.signal.aborted) break;
      options.onError(error instanceof Error ? error : new Error(String(error)));
      await delay(options.retryMs, undefined, { signal: options.signal, ref: false }).catch(() => {});
    }
  }
  return false;
}

/** The poll of a service: on BullMQ (queue `${scanQueue}-enrich`) with Redis, in process otherwise; undefined when switched off. */
export async function startSlowPoll(options: {
  readonly poll: () => Promise<number>;
  readonly pollMinutes: number;
  readonly redisUrl: string | undefined;
  readonly scanQueue: string;
  readonly log: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void };
  /** Where Redis connection errors go (the server rate-limits them); default the log. */
  readonly onConnectionError?: (error: Error) => void;
}): Promise<SlowPoll | undefined> {
  if (options.pollMinutes <= 0) return undefined;
  const common: SlowPollOptions = {
    poll: options.poll,
    intervalMs: options.pollMinutes * 60_000,
    onResult: (refreshed) => options.log.info({ refreshed }, 'slow enrichment sources refreshed'),
    onError: (error) => options.log.warn({ err: error.message }, 'slow enrichment poll failed'),
    ...(options.onConnectionError ? { onConnectionError: options.onConnectionError } : {}),
  };
  if (options.redisUrl) return startBullMqPoll({ ...common, redisUrl: options.redisUrl, queueName: `${options.scanQueue}-enrich` });
  return startInProcessPoll(common);
}
