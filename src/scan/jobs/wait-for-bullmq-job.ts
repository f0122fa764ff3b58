/** Waits for one BullMQ job to finish, through the queue's event stream. */
import type { Queue, QueueEvents } from 'bullmq';
import { JobFailedError } from './job-errors.ts';

/**
 * Resolves with the job's return value or rejects with JobFailedError once the job is
 * final; rejects with `signal.reason` when the signal aborts (timeout or close), and
 * always removes its listeners. Unlike `job.waitUntilFinished` it can be abandoned
 * without leaving listeners behind, and it keeps the worker's stack as the cause.
 */
export function waitForBullMqJob<R>(events: QueueEvents, queue: Queue, jobId: string, key: string, signal: AbortSignal): Promise<R> {
  return new Promise<R>((resolve, reject) => {
    const completedEvent = `completed:${jobId}` as 'completed';
    const failedEvent = `failed:${jobId}` as 'failed';
    let settled = false;
    const cleanup = () => {
      settled = true;
      events.off(completedEvent, onCompleted);
      events.off(failedEvent, onFailed);
      signal.removeEventListener('abort', onAbort);
    };
    const onCompleted = (args: { returnvalue: unknown }) => {
      cleanup();
      resolve(args.returnvalue as R);
    };
    const onFailed = (args: { failedReason: string }) => {
      if (settled) return;
      cleanup();
      failure(queue, jobId, key, args.failedReason).then(reject, reject);
    };
    const onAbort = () => {
      cleanup();
      reject(signal.reason);
    };
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    events.on(completedEvent, onCompleted);
    events.on(failedEvent, onFailed);
    signal.addEventListener('abort', onAbort, { once: true });

    // The job may have finished before we subscribed: look once the stream is being read.
    void (async () => {
      await events.waitUntilReady();
      const job = await queue.getJob(jobId);
      if (settled) return;
      if (!job) {
        cleanup();
        reject(new JobFailedError(key, `scan job ${key} (id ${jobId}) is no longer in the queue`, 0));
        return;
      }
      const state = await job.getState();
      if (state === 'completed') onCompleted({ returnvalue: job.returnvalue });
      else if (state === 'failed') onFailed({ failedReason: job.failedReason });
    })().catch((error: unknown) => {
      if (settled) return;
      cleanup();
      reject(error);
    });
  });
}

/** A JobFailedError with the worker's message, attempts and stack (as the cause). */
async function failure(queue: Queue, jobId: string, key: string, failedReason: string): Promise<JobFailedError> {
  const job = await queue.getJob(jobId).catch(() => undefined);
  const cause = new Error(failedReason);
  const stack = job?.stacktrace?.at(-1);
  if (stack) cause.stack = stack;
  return new JobFailedError(key, failedReason || 'scan job failed', job?.attemptsMade ?? 0, { cause });
}
