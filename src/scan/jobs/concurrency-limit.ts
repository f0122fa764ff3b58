/** A counting semaphore: at most `limit` holders; the rest wait in arrival order. */
export interface ConcurrencyLimit {
  /** Waits for a slot; rejects with the signal's reason if it aborts while waiting. */
  acquire(signal: AbortSignal): Promise<void>;
  release(): void;
  readonly active: number;
}

export function createConcurrencyLimit(limit: number): ConcurrencyLimit {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`concurrency must be a whole number of at least 1, got ${limit}`);
  let active = 0;
  const waiting: Array<() => void> = [];

  return {
    get active() {
      return active;
    },
    acquire(signal) {
      if (signal.aborted) return Promise.reject(signal.reason);
      if (active < limit) {
        active += 1;
        return Promise.resolve();
      }
      return new Promise<void>((resolve, reject) => {
        const grant = () => {
          signal.removeEventListener('abort', onAbort);
          active += 1;
          resolve();
        };
        const onAbort = () => {
          const index = waiting.indexOf(grant);
          if (index >= 0) waiting.splice(index, 1);
          reject(signal.reason);
        };
        waiting.push(grant);
        signal.addEventListener('abort', onAbort, { once: true });
      });
    },
    release() {
      active -= 1;
      waiting.shift()?.();
    },
  };
}
