/** A corpus operation that cannot be done (bad operator input, unreadable package). */
export class CorpusError extends Error {
  override readonly name = 'CorpusError';
  readonly details: Readonly<Record<string, unknown>>;
  constructor(message: string, details: Record<string, unknown> = {}, options?: ErrorOptions) {
    super(message, options);
    this.details = details;
  }
}
