/**
 * A dependency the request needs (Redis, the database, a node) does not answer. The
 * error handler answers 503 with `meta: {source, reason}`, so a caller learns which
 * dependency failed and why instead of waiting or reading a 500.
 */
import { AppError } from '../errors/app-error.ts';
import { MESSAGES } from '../interface/messages.ts';

export class DependencyUnavailableError extends AppError {
  override readonly name = 'DependencyUnavailableError';
  constructor(
    readonly source: string,
    readonly reason: string,
  ) {
    super(503, `${source} unavailable: ${reason}`, {
      clientMessage: MESSAGES.common.serviceUnavailable,
      fields: { meta: { source, reason } },
      headers: { 'Retry-After': '5' },
    });
  }
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
]);

/**
 * Whether `error` is a refused, lost or timed-out connection (by its code, or by the words
 * of ioredis and BullMQ, which pass some on as plain messages) rather than a failed command.
 */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  return /\b(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EPIPE|EAI_AGAIN)\b|Connection is closed|Stream isn't writeable/.test(
    error.message,
  );
}

/**
 * The database behind an error, when it is a lost or refused connection rather than a
 * bad query: pg's connection errors, its "terminated"/"timeout" messages, and SQLSTATE
 * classes 08 (connection exception) and 57P (operator intervention: shutdown).
 */
export function databaseConnectionFailure(error: unknown): DependencyUnavailableError | undefined {
  if (error instanceof DependencyUnavailableError) return error;
  if (!(error instanceof Error)) return undefined;
  // A refused connection to a host with several addresses comes as an AggregateError.
  const inner: unknown = error instanceof AggregateError ? error.errors.find((e: unknown) => e instanceof Error) : undefined;
  const codeOf = (e: unknown) => (typeof (e as { code?: unknown } | undefined)?.code === 'string' ? (e as { code: string }).code : '');
  const codeText = codeOf(error) || codeOf(inner);
  const message = error.message || (inner instanceof Error ? inner.message : '');
  if (
    CONNECTION_CODES.has(codeText) ||
    /^08|^57P0[123]$/.test(codeText) ||
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused/i.test(
      message,
    )
  ) {
    return new DependencyUnavailableError('database', message || codeText);
  }
  return undefined;
}
