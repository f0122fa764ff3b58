/** A signature query or text signature that cannot be read. */
export class SignatureQueryError extends Error {
  override readonly name = 'SignatureQueryError';
  readonly details: Readonly<Record<string, unknown>>;
  constructor(message: string, details: Record<string, unknown> = {}, options?: ErrorOptions) {
    super(message, options);
    this.details = details;
  }
}

/** A signature dump file that cannot be imported at all. */
export class SignatureDumpError extends Error {
  override readonly name = 'SignatureDumpError';
  readonly details: Readonly<Record<string, unknown>>;
  constructor(message: string, details: Record<string, unknown> = {}, options?: ErrorOptions) {
    super(message, options);
    this.details = details;
  }
}
