/**
 * The Solana JSON-RPC client of the reader: `@solana/kit`'s RPC over HTTP (RPC_URL_SOL, a
 * public default otherwise) or over an in-process handler (the embedded network in tests
 * and benchmarks), counting the requests it sends so a scan can report its round trips.
 */
import { createDefaultRpcTransport, createSolanaRpcFromTransport, type RpcTransport } from '@solana/kit';

export type SolanaRpc = ReturnType<typeof createSolanaRpcFromTransport<RpcTransport>>;

export interface CountingRpc {
  readonly rpc: SolanaRpc;
  /** Requests sent so far (each is one HTTP round trip). */
  requests(): number;
  readonly url: string;
}

/** A JSON-RPC handler in this process: request object in, response object out. */
export type JsonRpcHandler = (payload: unknown) => Promise<unknown>;

export function createSolanaRpcClient(target: { url: string } | { handler: JsonRpcHandler; label?: string }): CountingRpc {
  let count = 0;
  const inner: RpcTransport =
    'url' in target
      ? createDefaultRpcTransport({ url: target.url })
      : ({ payload, signal }) =>
          new Promise((resolve, reject) => {
            signal?.throwIfAborted();
            // Like a fetch, the request stops waiting when the caller aborts.
            const onAbort = () => reject(signal?.reason);
            signal?.addEventListener('abort', onAbort, { once: true });
            // A round trip through JSON, like HTTP, so nothing shares objects with the handler.
            target
              .handler(JSON.parse(JSON.stringify(payload)))
              .then((answer) => resolve(JSON.parse(JSON.stringify(answer)) as never), reject)
              .finally(() => signal?.removeEventListener('abort', onAbort));
          });
  const transport: RpcTransport = (config) => {
    count += 1;
    return inner(config);
  };
  return {
    rpc: createSolanaRpcFromTransport(transport),
    requests: () => count,
    url: 'url' in target ? target.url : (target.label ?? 'in-process'),
  };
}
