/**
 * Errors of the scan job runners. Callers of `JobRunner.run` get exactly one of these
 * (or the handler's result): a timeout, a final failure, or a closed runner.
 */

/** Base class: `key` names the job (`NETWORK:address`). */
export class JobError extends Error {
  override readonly name: string = 'JobError';
  constructor(
    message: string,
    readonly key: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The caller stopped waiting after `waitMs`; the job itself may still finish (and others may join it). */
export class JobTimeoutError extends JobError {
  override readonly name = 'JobTimeoutError';
  constructor(
    key: string,
    readonly waitMs: number,
    /** The job's queue state when the wait ended (BullMQ only), e.g. `waiting` when no worker took it. */
    readonly state?: string,
  ) {
    super(`scan job ${key} did not finish within ${waitMs} ms${describeState(state)}`, key);
  }
}

function describeState(state: string | undefined): string {
  if (state === undefined) return '';
  if (state === 'waiting' || state === 'prioritized') return ` (still ${state}: is a \`scopeward worker\` running?)`;
  return ` (job state: ${state})`;
}

/** The handler failed on its last attempt (or threw a `PermanentJobError`). */
export class JobFailedError extends JobError {
  override readonly name = 'JobFailedError';
  constructor(
    key: string,
    message: string,
    readonly attempts: number,
    options?: { cause?: unknown },
  ) {
    super(message, key, options);
  }
}

/** The runner was closed before the job finished (or `run` was called after `close`). */
export class RunnerClosedError extends JobError {
  override readonly name = 'RunnerClosedError';
  constructor(key: string) {
    super(`scan job ${key} was cancelled: the job runner is closing`, key);
  }
}

/**
 * Thrown by a handler for a failure that another attempt cannot fix (no contract at the
 * address, unsupported network): the runners fail the job at once instead of retrying.
 */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
