/** An expected failure of an account action: the status and the words to show the person. */
export class AccountError extends Error {
  override readonly name = 'AccountError';
  constructor(
    readonly statusCode: number,
    message: string,
    /** Seconds before trying again helps (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
