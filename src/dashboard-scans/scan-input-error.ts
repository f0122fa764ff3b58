/** Input of a dashboard scan that cannot be used: the message, the input it belongs to, the HTTP status. */
import { AppError } from '../errors/app-error.ts';

export type ScanInputField = 'kind' | 'url' | 'address' | 'network' | 'files' | 'zip' | 'repository';

/** Answered as `{field, ...extra, message}` (the dashboard API's error shape). */
export class ScanInputError extends AppError {
  constructor(
    message: string,
    readonly field: ScanInputField,
    override readonly statusCode: 400 | 403 | 404 | 413 | 503 = 400,
    /** Extra fields of the answer, e.g. `{limit}` or `{connect: true}`. */
    readonly extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(statusCode, message, { fields: { field, ...extra } });
    this.name = 'ScanInputError';
  }
}
