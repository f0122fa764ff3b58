/** Bounded waiting: every wait in the job runners ends, with a result or an error. */

/**
 * Settles like `promise`, or rejects with `onTimeout()`'s error after `ms`. The timer is
 * cleared as soon as `promise` settles, so it never keeps the process alive.
 */
export function waitWithTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error | Promise<Error>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      Promise.resolve().then(onTimeout).then(reject, reject);
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
