/**
 * Why a scan could not produce a result; the routes map these to the spec's answers.
 * Both are permanent for the job runners (another attempt cannot fix them), and their
 * messages start with a code so they survive a trip through the BullMQ queue, which
 * keeps only the message.
 */
import { JobFailedError, PermanentJobError } from './jobs/job-errors.ts';

/** The address has no code, or its code is not a token (spec: 400 Invalid Address). */
export class NotATokenError extends PermanentJobError {
  static readonly code = 'NOT_A_TOKEN';
  constructor(detail: string) {
    super(`${NotATokenError.code}: ${detail}`);
  }
}

/** The network's node could not be reached or answered errors: nothing to scan with. */
export class ChainUnavailableError extends PermanentJobError {
  static readonly code = 'CHAIN_UNAVAILABLE';
  constructor(detail: string) {
    super(`${ChainUnavailableError.code}: ${detail}`);
  }
}

/** Recovers the scan error behind a job failure, whichever runner carried it. */
export function scanFailure(error: unknown): NotATokenError | ChainUnavailableError | undefined {
  const inner = error instanceof JobFailedError && error.cause !== undefined ? error.cause : error;
  if (inner instanceof NotATokenError || inner instanceof ChainUnavailableError) return inner;
  const message = error instanceof Error ? error.message : '';
  if (message.startsWith(`${NotATokenError.code}: `)) return new NotATokenError(message.slice(NotATokenError.code.length + 2));
  if (message.startsWith(`${ChainUnavailableError.code}: `))
    return new ChainUnavailableError(message.slice(ChainUnavailableError.code.length + 2));
  return undefined;
}
