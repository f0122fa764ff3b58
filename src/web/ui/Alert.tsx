import type { ReactNode } from 'react';
import { ApiError } from '../api/client.ts';

/** A message in words (and colour): errors are announced to screen readers as they appear. */
export function Alert({ tone, children }: { tone: 'error' | 'info' | 'success' | 'warning'; children: ReactNode }) {
  const label = { error: 'Error', info: 'Note', success: 'Done', warning: 'Important' }[tone];
  return (
    <div className={`alert alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <strong>{label}:</strong> {children}
    </div>
  );
}

/** An error from a request, with what to do about it. */
export function ErrorAlert({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
  const retry = error instanceof ApiError && error.retryAfterSeconds ? ` (retry in ${error.retryAfterSeconds} s)` : '';
  return <Alert tone="error">{`${message}${retry}`}</Alert>;
}
