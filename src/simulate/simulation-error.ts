/**
 * The error a simulation stops with: one of the spec's taxes error values, the reason in
 * words (kept as evidence for the findings) and the cause. `simulateToken` turns it into
 * a result; it never escapes to the caller.
 */
import type { TaxError } from './simulation-types.ts';

export class SimulationError extends Error {
  override readonly name = 'SimulationError';
  readonly code: TaxError;
  readonly details: Readonly<Record<string, unknown>>;
  constructor(code: TaxError, message: string, details: Record<string, unknown> = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.details = details;
  }
}
