/**
 * What a scan that failed answers, per operation. A scan's failures come back from the job
 * queue (BullMQ keeps only the message), so they are recognised here, not declared by the
 * error classes themselves, and each operation words them its own way. A route names its
 * answer in its config (`errorAnswer`), and the error handler asks it before anything else:
 * the routes catch nothing.
 */
import type { AppError } from '../errors/app-error.ts';
import { MESSAGES } from '../interface/messages.ts';
import { ChainUnavailableError, NotATokenError, scanFailure } from '../scan/scan-errors.ts';
import { JobTimeoutError } from '../scan/jobs/job-errors.ts';
import { HttpError } from './http-error.ts';

function chainReason(failure: ChainUnavailableError): string {
  return failure.message.replace(/^CHAIN_UNAVAILABLE: /, '');
}

/** Operation 3 (and the legacy scan's address form, and a dashboard scan's stored words). */
export function scanError(error: unknown): HttpError | undefined {
  const failure = scanFailure(error);
  if (failure instanceof NotATokenError) return new HttpError(400, MESSAGES.cyberscan.invalidAddress);
  if (failure instanceof ChainUnavailableError) {
    return new HttpError(
      503,
      MESSAGES.common.networkUnavailable,
      { meta: { source: 'chain', reason: chainReason(failure) } },
      { 'Retry-After': '30' },
    );
  }
  if (error instanceof JobTimeoutError)
    return new HttpError(503, MESSAGES.common.scanTimeout, { meta: { source: 'queue', reason: error.message } }, { 'Retry-After': '30' });
  return undefined;
}

/**
 * Operation 2: no token is its one 400 (`badRequest`, the operation's own body); a chain
 * that cannot be read and a scan that took too long are both "network unavailable".
 */
export function scoreScanError(badRequest: () => AppError): (error: unknown) => AppError | undefined {
  return (error) => {
    const failure = scanFailure(error);
    if (failure instanceof NotATokenError) return badRequest();
    if (failure || error instanceof JobTimeoutError) {
      const meta = failure ? { source: 'chain', reason: chainReason(failure) } : { source: 'queue', reason: (error as Error).message };
      return new HttpError(503, MESSAGES.common.networkUnavailable, { success: false, score: null, meta }, { 'Retry-After': '30' });
    }
    return undefined;
  };
}
