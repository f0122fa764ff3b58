/**
 * The default job runner: jobs run in this process. Identical concurrent calls share one
 * promise (single flight by key); a semaphore bounds how many keys run at once, because a
 * scan is CPU-heavy (compilation, analysis) and an unbounded burst would starve the API.
 */
import { createConcurrencyLimit } from './concurrency-limit.ts';
import { errorMessage, JobFailedError, JobTimeoutError, PermanentJobError, RunnerClosedError } from './job-errors.ts';
import {
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  DEFAULT_WAIT_MS,
  jobKey,
  toPlainData,
  type JobRunner,
  type ScanHandler,
  type ScanJob,
} from './job-runner.ts';
import { sleep, waitWithTimeout } from './wait-with-timeout.ts';

export interface InProcessRunnerOptions {
  /** Jobs (distinct keys) running at once; default 2. */
  readonly concurrency?: number;
  /** Handler attempts per job; default 3. */
  readonly attempts?: number;
  /** Delay before the first retry, doubled for each further one; default 2000 ms. */
  readonly backoffMs?: number;
  /** Default `waitMs` of `run`; default 120 s. */
  readonly defaultWaitMs?: number;
  /** How long `close` waits for aborted handlers to return; default 10 s. */
  readonly closeGraceMs?: number;
}

/**
 * Runs scan jobs in this process.
 *
 * @example
 * const runner = createInProcessRunner(scanHandler, { concurrency: 2 });
 * const report = await runner.run({ network: 'BSC', address }, { waitMs: 60_000 });
 */
export function createInProcessRunner<R>(handler: ScanHandler<R>, options: InProcessRunnerOptions = {}): JobRunner<R> {
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  const backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  const defaultWaitMs = options.defaultWaitMs ?? DEFAULT_WAIT_MS;
  const limit = createConcurrencyLimit(options.concurrency ?? 2);
  const inFlight = new Map<string, Promise<R>>();
  const controllers = new Set<AbortController>();
  const handlersRunning = new Set<Promise<unknown>>();
  let closed = false;

  /** One handler call; rejects at once on abort even if the handler ignores its signal. */
  function attempt(job: ScanJob, signal: AbortSignal): Promise<R> {
    const call = handler(job, signal);
    const tracked = call.then(
      () => undefined,
      () => undefined,
    );
    handlersRunning.add(tracked);
    void tracked.finally(() => handlersRunning.delete(tracked));
    return new Promise<R>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      call.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  async function execute(key: string, job: ScanJob, signal: AbortSignal): Promise<R> {
    try {
      await limit.acquire(signal);
    } catch {
      throw new RunnerClosedError(key);
    }
    try {
      for (let n = 1; ; n += 1) {
        let result: R;
        try {
          result = await attempt(job, signal);
        } catch (error) {
          if (signal.aborted) throw new RunnerClosedError(key);
          const final = n >= attempts || error instanceof PermanentJobError;
          if (final) throw new JobFailedError(key, errorMessage(error), n, { cause: error });
          await sleep(backoffMs * 2 ** (n - 1), signal).catch(() => {
            throw new RunnerClosedError(key);
          });
          continue;
        }
        try {
          return toPlainData(result);
        } catch (error) {
          // A result that cannot cross a queue is a handler bug; retrying cannot fix it.
          throw new JobFailedError(key, `scan result is not JSON data: ${errorMessage(error)}`, n, { cause: error });
        }
      }
    } finally {
      limit.release();
    }
  }

  function start(key: string, job: ScanJob): Promise<R> {
    const controller = new AbortController();
    controllers.add(controller);
    const shared = execute(key, job, controller.signal).finally(() => {
      inFlight.delete(key);
      controllers.delete(controller);
    });
    // Every caller may have timed out by the time the job fails: nobody else awaits it.
    shared.catch(() => {});
    inFlight.set(key, shared);
    return shared;
  }

  return {
    backend: 'in-process',
    run(job, runOptions = {}) {
      const key = jobKey(job);
      if (closed) return Promise.reject(new RunnerClosedError(key));
      const shared = inFlight.get(key) ?? start(key, job);
      const waitMs = runOptions.waitMs ?? defaultWaitMs;
      return waitWithTimeout(shared, waitMs, () => new JobTimeoutError(key, waitMs));
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const controller of controllers) controller.abort(new Error('job runner closed'));
      const settled = Promise.allSettled([...inFlight.values(), ...handlersRunning]);
      const grace = options.closeGraceMs ?? 10_000;
      await waitWithTimeout(settled, grace, () => new Error('handlers still running')).catch(() => {});
    },
  };
}
