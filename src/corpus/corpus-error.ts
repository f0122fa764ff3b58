import { AppError } from '../errors/app-error.ts';

/** A corpus operation that cannot be done (bad operator input, unreadable package). */
export class CorpusError extends AppError {
  override readonly name = 'CorpusError';
  readonly details: Readonly<Record<string, unknown>>;
  constructor(message: string, details: Record<string, unknown> = {}, options?: ErrorOptions) {
    // Answered 400 with the message; the details are for logs and callers in code.
    super(400, message, { cause: options?.cause });
    this.details = details;
  }
}
