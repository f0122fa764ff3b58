/**
 * Typed errors of the chain readers. `toChainError` maps viem's and fetch's errors into
 * ours (kind: timeout, rate-limit, rpc-error, bad-response, network), keeping the cause.
 */
import { BaseError, HttpRequestError, RpcRequestError, TimeoutError, LimitExceededRpcError, InvalidInputRpcError } from 'viem';

export type ChainErrorKind = 'timeout' | 'rate-limit' | 'rpc-error' | 'bad-response' | 'network' | 'unknown-network' | 'invalid-address';

export class ChainError extends Error {
  override readonly name = 'ChainError';
  readonly kind: ChainErrorKind;
  readonly details: Readonly<Record<string, unknown>>;
  constructor(kind: ChainErrorKind, message: string, details: Record<string, unknown> = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
    this.details = details;
  }
}

/** Maps any error thrown by a viem call into a ChainError. */
export function toChainError(error: unknown, details: Record<string, unknown> = {}): ChainError {
  if (error instanceof ChainError) return error;
  if (error instanceof BaseError) {
    const timeout = error.walk((e) => e instanceof TimeoutError);
    if (timeout) return new ChainError('timeout', 'RPC request timed out', details, { cause: error });
    const http = error.walk((e) => e instanceof HttpRequestError) as HttpRequestError | null;
    if (http?.status === 429 || error.walk((e) => e instanceof LimitExceededRpcError)) {
      return new ChainError('rate-limit', 'RPC rate limit exceeded', { ...details, status: http?.status }, { cause: error });
    }
    if (http) {
      // A 2xx answer that is not JSON-RPC, or a body that does not parse, is garbage.
      const garbage = http.cause instanceof SyntaxError || (http.status !== undefined && http.status >= 200 && http.status < 300);
      return new ChainError(
        garbage ? 'bad-response' : 'network',
        garbage ? 'RPC answered something that is not JSON-RPC' : `RPC request failed${http.status ? ` (HTTP ${http.status})` : ''}`,
        { ...details, status: http.status },
        { cause: error },
      );
    }
    if (error.walk((e) => e instanceof RpcRequestError || e instanceof InvalidInputRpcError)) {
      return new ChainError('rpc-error', `RPC error: ${error.shortMessage}`, details, { cause: error });
    }
    return new ChainError('rpc-error', error.shortMessage, details, { cause: error });
  }
  if (error instanceof SyntaxError)
    return new ChainError('bad-response', 'RPC answered something that is not JSON', details, { cause: error });
  return new ChainError('network', error instanceof Error ? error.message : String(error), details, { cause: error });
}
