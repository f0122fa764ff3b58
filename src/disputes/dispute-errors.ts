/** Why a dispute cannot be filed or found: family members (src/errors/app-error.ts) with their status and words. */
import { AppError } from '../errors/app-error.ts';

export class DisputeNotFoundError extends AppError {
  override readonly name = 'DisputeNotFoundError';
  constructor() {
    super(404, 'Dispute not found');
  }
}

/** A scan still running has no result to dispute yet. */
export class DisputeTooEarlyError extends AppError {
  override readonly name = 'DisputeTooEarlyError';
  constructor() {
    super(409, 'This scan has not finished: a dispute can be filed once it has a result');
  }
}

/** Too many disputes from one client: 429 with when to try again. */
export class DisputeRateLimitError extends AppError {
  override readonly name = 'DisputeRateLimitError';
  constructor(seconds: number) {
    super(429, `Too many disputes from this address: try again in ${Math.max(1, Math.ceil(seconds / 60))} minutes`, {
      headers: { 'Retry-After': String(seconds) },
    });
  }
}
