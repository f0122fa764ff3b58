/** Input that is not usable runtime bytecode (not hex, empty, huge, metadata only). */
export class BytecodeError extends Error {
  override readonly name = 'BytecodeError';
  readonly details: Readonly<Record<string, unknown>>;
  constructor(message: string, details: Record<string, unknown> = {}, options?: ErrorOptions) {
    super(message, options);
    this.details = details;
  }
}
