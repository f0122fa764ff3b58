/** Bad input to similarity (empty, huge or non-text sources). */
export class SimilarityInputError extends Error {
  override readonly name = 'SimilarityInputError';
  readonly details: Readonly<Record<string, unknown>>;
  constructor(message: string, details: Record<string, unknown> = {}, options?: ErrorOptions) {
    super(message, options);
    this.details = details;
  }
}
