/** Input of a dashboard scan that cannot be used: the message, the input it belongs to, the HTTP status. */
export type ScanInputField = 'kind' | 'url' | 'address' | 'network' | 'files' | 'zip' | 'repository';

export class ScanInputError extends Error {
  constructor(
    message: string,
    readonly field: ScanInputField,
    readonly statusCode: 400 | 403 | 404 | 413 | 503 = 400,
    /** Extra fields of the answer, e.g. `{limit}` or `{connect: true}`. */
    readonly extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'ScanInputError';
  }
}
