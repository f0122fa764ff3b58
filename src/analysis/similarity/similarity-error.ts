import { AppError } from '../../errors/app-error.ts';

/** Bad input to similarity (empty, huge or non-text sources). */
export class SimilarityInputError extends AppError {
  override readonly name = 'SimilarityInputError';
  readonly details: Readonly<Record<string, unknown>>;
  constructor(message: string, details: Record<string, unknown> = {}, options?: ErrorOptions) {
    // Answered 400 with the message; the details are for logs and callers in code.
    super(400, message, { cause: options?.cause });
    this.details = details;
  }
}
