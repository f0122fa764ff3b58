/** Input that cannot be turned into Solidity sources: a clear message, details, the cause. */
export class SourceInputError extends Error {
  constructor(
    message: string,
    readonly details: Readonly<Record<string, unknown>> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SourceInputError';
  }
}
