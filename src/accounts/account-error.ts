/** An expected failure of an account action: the status and the words to show the person. */
import { AppError, retryAfter } from '../errors/app-error.ts';

export class AccountError extends AppError {
  override readonly name = 'AccountError';
  constructor(
    statusCode: number,
    message: string,
    /** Seconds before trying again helps (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(statusCode, message, { headers: retryAfter(retryAfterSeconds) });
  }
}
