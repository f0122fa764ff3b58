/**
 * The family member routes throw for an answer of their own (a spec message and status
 * picked at the throw site), rendered like every AppError: `{...extra, message}` with its
 * status and headers.
 */
import { AppError } from '../errors/app-error.ts';

export class HttpError extends AppError {
  override readonly name = 'HttpError';

  constructor(
    statusCode: number,
    message: string,
    /** Further body fields, e.g. `{success: true, score: null}` for the score operation. */
    extra: Readonly<Record<string, unknown>> = {},
    /** Headers to send with the error, e.g. `Retry-After`. */
    headers: Readonly<Record<string, string>> = {},
  ) {
    super(statusCode, message, { fields: extra, headers });
  }

  /** The further body fields. */
  get extra(): Readonly<Record<string, unknown>> {
    return this.fields;
  }
}
