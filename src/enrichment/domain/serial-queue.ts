/**
 * Runs tasks one at a time, in arrival order, with a bound on how many may wait: Lighthouse
 * drives a whole Chromium and takes seconds of CPU, so two at once on a small machine would
 * only make both slow. A task whose signal aborts while it waits leaves the queue unrun.
 */
export class QueueFullError extends Error {
  override readonly name = 'QueueFullError';
}

export interface SerialQueue {
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Tasks waiting (not counting the one running). */
  waiting(): number;
}

export function createSerialQueue(maxWaiting: number): SerialQueue {
  let tail: Promise<unknown> = Promise.resolve();
  /** Tasks admitted and not yet settled: the running one plus those waiting. */
  let pending = 0;
  const waiting = () => Math.max(0, pending - 1);
  return {
    waiting,
    run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      if (pending > maxWaiting) return Promise.reject(new QueueFullError(`${waiting()} tasks already wait`));
      pending++;
      const previous = tail;
      const result = (async () => {
        try {
          await waitFor(previous, signal);
          signal?.throwIfAborted();
          return await task();
        } finally {
          pending--;
        }
      })();
      // The next task waits for this one to settle, success or not, and for the one before it
      // (which still runs when this one was aborted while waiting).
      tail = Promise.all([previous, result.catch(() => undefined)]);
      return result;
    },
  };
}

/** Resolves when `previous` settles, or rejects as soon as `signal` aborts. */
function waitFor(previous: Promise<unknown>, signal?: AbortSignal): Promise<void> {
  if (!signal) return previous.then(() => undefined);
  signal.throwIfAborted();
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    void previous.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}
