/** The words a failed dashboard scan keeps: cyberscan's own answer for known failures, else a generic one (the log has the rest). */
import { scanError } from '../api/scan-error-answers.ts';
import { MESSAGES } from '../interface/messages.ts';

export function scanFailureMessage(error: unknown): string {
  const known = scanError(error);
  if (!known) return MESSAGES.common.internal;
  const meta = known.extra.meta as { reason?: unknown } | undefined;
  return typeof meta?.reason === 'string' ? `${known.message}: ${meta.reason}` : known.message;
}
