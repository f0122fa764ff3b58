/**
 * The one error type routes throw. The error handler renders it as `{message}` (plus
 * `extra`, for operations whose error bodies carry more fields) with its status.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly statusCode: number,
    message: string,
    /** Further body fields, e.g. `{success: true, score: null}` for the score operation. */
    readonly extra: Readonly<Record<string, unknown>> = {},
    /** Headers to send with the error, e.g. `Retry-After`. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    return { ...this.extra, message: this.message };
  }
}
