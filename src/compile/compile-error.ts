/** A compile that could not run or did not produce bytecode: the message says why, `details.errors` holds solc's own. */
export type CompileErrorKind =
  | 'no-compiler'
  | 'compile-failed'
  | 'import-not-found'
  | 'bad-input'
  /** The compile worker ran past its time limit or memory limit and was stopped: the compile was cut short. */
  | 'time-limit'
  | 'memory-limit'
  /** The compile queue (or this client's share of it) is full. */
  | 'busy';

export class CompileError extends Error {
  override readonly name = 'CompileError';
  readonly kind: CompileErrorKind;
  readonly details: Readonly<Record<string, unknown>>;
  constructor(kind: CompileErrorKind, message: string, details: Record<string, unknown> = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
    this.details = details;
  }
}
