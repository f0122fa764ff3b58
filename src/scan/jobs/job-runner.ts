/**
 * The scan job runner contract. A job is one scan of one (network, address); the runner
 * guarantees at most one runs per key at a time, however many callers ask for it.
 */

export interface ScanJob {
  readonly network: string;
  readonly address: string;
  /** Rescan even when a stored result exists (the handler decides what that means). */
  readonly force?: boolean;
}

/** Does the work. Must honour `signal` (the runner aborts it on close) and return plain JSON data. */
export type ScanHandler<R> = (job: ScanJob, signal: AbortSignal) => Promise<R>;

export interface RunOptions {
  /** How long this caller waits for the job; default: the runner's `defaultWaitMs`. */
  readonly waitMs?: number;
}

export interface JobRunner<R> {
  /**
   * Runs (or joins the running) job for job.network+job.address; resolves with the
   * handler's result. Rejects with JobTimeoutError after `waitMs`, JobFailedError
   * (message, cause kept) if the handler failed after retries, RunnerClosedError on close.
   */
  run(job: ScanJob, options?: RunOptions): Promise<R>;
  readonly backend: 'in-process' | 'bullmq';
  close(): Promise<void>;
}

/** How long a caller waits by default: a cold scan compiles, analyses and simulates. */
export const DEFAULT_WAIT_MS = 120_000;
/** Handler attempts before a job fails; retries are for transient faults (RPC, a dying worker). */
export const DEFAULT_ATTEMPTS = 3;
/** First retry delay; it doubles on each further retry. */
export const DEFAULT_BACKOFF_MS = 2_000;

/**
 * The single-flight key. Network symbols ignore case, and so do EVM hex addresses
 * (`0xABC…` and `0xabc…` are one contract); other addresses (Solana's base58) are
 * case-sensitive and kept as given.
 */
export function jobKey(job: Pick<ScanJob, 'network' | 'address'>): string {
  const address = job.address.trim();
  return `${job.network.trim().toUpperCase()}:${/^0x[0-9a-fA-F]*$/.test(address) ? address.toLowerCase() : address}`;
}

/** The handler's result as it would cross a queue: JSON only, so both backends behave alike. */
export function toPlainData<R>(value: R): R {
  if (value === undefined) return value;
  return JSON.parse(JSON.stringify(value)) as R;
}
