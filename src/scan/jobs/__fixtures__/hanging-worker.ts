/**
 * A BullMQ scan worker whose handler never finishes: the SIGKILL test starts it in a child
 * process, waits for the "started" line, kills it mid-job and checks another worker takes over.
 * Env: REDIS_URL, QUEUE_NAME, QUEUE_PREFIX.
 */
import { createBullMqWorker } from '../bullmq-worker.ts';

const redisUrl = process.env.REDIS_URL;
const queueName = process.env.QUEUE_NAME;
const prefix = process.env.QUEUE_PREFIX;
if (!redisUrl || !queueName || !prefix) throw new Error('REDIS_URL, QUEUE_NAME and QUEUE_PREFIX are required');

createBullMqWorker({
  redisUrl,
  queueName,
  prefix,
  concurrency: 1,
  // Short lock: the job counts as stalled about a second after this process dies.
  lockDurationMs: 1_000,
  stalledIntervalMs: 500,
  handler: (job) => {
    process.stdout.write(`${JSON.stringify({ started: job.address })}\n`);
    return new Promise<never>(() => {});
  },
});
