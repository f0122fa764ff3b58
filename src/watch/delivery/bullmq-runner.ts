/**
 * Delivery attempts on BullMQ (REDIS_URL): one job per attempt on the queue
 * `${SCAN_QUEUE}-watch-deliveries`, retries as delayed jobs, worked by every process that
 * works queues. The job id is `${deliveryId}-${claims}`: the same request added twice
 * (enqueue and the sweep) is one job, while a claim lost with a killed replica raised
 * `claims`, so the sweep adds a fresh job once that claim's lease has expired.
 *
 * The sweep (every `sweepMs`) adds a job for every due, unleased delivery: retries whose
 * job was lost, deliveries recorded while Redis was away, and claims of killed replicas.
 */
import { Queue, Worker } from 'bullmq';
import { closeConnection, createBullMqConnection } from '../../scan/jobs/bullmq-connection.ts';
import { waitWithTimeout } from '../../scan/jobs/wait-with-timeout.ts';
import type { DeliveryEngine } from './delivery-engine.ts';
import type { DeliveryRunner, RunnerErrorSink } from './delivery-runner.ts';

export const DELIVERY_JOB = 'deliver';

export interface BullMqRunnerOptions {
  readonly redisUrl: string;
  readonly queueName: string;
  readonly prefix?: string;
  /** Whether this process works the queue (SCAN_WORKER); a process that does not only adds jobs. */
  readonly work: boolean;
  /** Attempts at once in this process; default 8. */
  readonly concurrency?: number;
  /** How often due deliveries are looked for; default 30 s. */
  readonly sweepMs?: number;
  readonly onError: RunnerErrorSink;
}

interface DeliveryJob {
  readonly deliveryId: string;
}

export function createBullMqDeliveryRunner(engine: DeliveryEngine, options: BullMqRunnerOptions): DeliveryRunner {
  const prefix = options.prefix === undefined ? {} : { prefix: options.prefix };
  const queueConnection = createBullMqConnection(options.redisUrl);
  const queue = new Queue<DeliveryJob>(options.queueName, { connection: queueConnection, ...prefix });
  queue.on('error', options.onError);
  const keep = { age: 3600, count: 10_000 };

  function schedule(deliveryId: string, claims: number, at: string): void {
    const delay = Math.max(0, Date.parse(at) - engine.now().getTime());
    queue
      .add(DELIVERY_JOB, { deliveryId }, { jobId: `${deliveryId}-${claims}`, delay, removeOnComplete: keep, removeOnFail: keep })
      .catch((error: unknown) => options.onError(error instanceof Error ? error : new Error(String(error))));
  }

  let worker: Worker<DeliveryJob> | undefined;
  let workerConnection: ReturnType<typeof createBullMqConnection> | undefined;
  if (options.work) {
    workerConnection = createBullMqConnection(options.redisUrl);
    worker = new Worker<DeliveryJob>(
      options.queueName,
      async (job) => {
        const outcome = await engine.attempt(job.data.deliveryId);
        if (outcome.outcome === 'retry') schedule(job.data.deliveryId, outcome.claims, outcome.nextAttemptAt);
        return outcome.outcome;
      },
      // The lock outlives an attempt (its time limit plus the write), so a live worker's job is never taken as stalled.
      { connection: workerConnection, ...prefix, concurrency: options.concurrency ?? 8, lockDuration: engine.leaseMs + 5_000 },
    );
    worker.on('error', options.onError);
  }

  let sweeping = false;
  const sweep = async () => {
    if (sweeping) return;
    sweeping = true;
    try {
      for (const due of await engine.repository.due(engine.now().toISOString(), 500)) schedule(due.id, due.claims, due.nextAttemptAt);
    } catch (error) {
      options.onError(error instanceof Error ? error : new Error(String(error)));
    } finally {
      sweeping = false;
    }
  };
  const interval = options.work ? setInterval(() => void sweep(), options.sweepMs ?? 30_000) : undefined;
  interval?.unref();

  return {
    schedule,
    async close() {
      if (interval) clearInterval(interval);
      // BullMQ's close waits for Redis, forever when it is gone: bounded, then the connections are dropped
      // (an attempt cut short keeps its delivery due; the lease expires and another process sends it).
      const connected = queueConnection.status === 'ready';
      const closed = Promise.allSettled([worker?.close(), queue.close()]);
      await waitWithTimeout(closed, connected ? engine.leaseMs : 2_000, () => new Error('BullMQ did not close')).catch(() => {});
      await Promise.all([closeConnection(queueConnection), workerConnection ? closeConnection(workerConnection) : undefined]);
    },
  };
}
