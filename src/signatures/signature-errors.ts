import { AppError } from '../errors/app-error.ts';

/** A signature query or text signature that cannot be read. */
export class SignatureQueryError extends AppError {
  override readonly name = 'SignatureQueryError';
  readonly details: Readonly<Record<string, unknown>>;
  constructor(message: string, details: Record<string, unknown> = {}, options?: ErrorOptions) {
    // Answered 400 with the message; the details are for logs and callers in code.
    super(400, message, { cause: options?.cause });
    this.details = details;
  }
}

/** A signature dump file that cannot be imported at all. */
export class SignatureDumpError extends AppError {
  override readonly name = 'SignatureDumpError';
  readonly details: Readonly<Record<string, unknown>>;
  constructor(message: string, details: Record<string, unknown> = {}, options?: ErrorOptions) {
    // Answered 400 with the message; the details are for logs and callers in code.
    super(400, message, { cause: options?.cause });
    this.details = details;
  }
}
