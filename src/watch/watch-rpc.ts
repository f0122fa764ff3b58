/**
 * Which node the followers read for a network: the embedded devnets in process (LOCAL, and
 * SOL when the embedded Solana network runs: its sample mints), otherwise the network's
 * RPC URL (RPC_URL_<NETWORK> or the public default), one batch a round trip.
 */
import { networkBySymbol, LOCAL_NETWORK } from '../chain/networks.ts';
import { rpcUrlFor } from '../chain/chain-details.ts';
import { DEFAULT_SOLANA_RPC_URL } from '../solana/create-solana-scanner.ts';
import { httpJsonRpc, inProcessJsonRpc, type JsonRpcBatch } from './json-rpc-batch.ts';

export interface WatchRpcOptions {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly evmDevnet?: { request(payload: unknown): Promise<unknown> } | undefined;
  readonly solanaDevnet?: { request(payload: unknown): Promise<unknown> } | undefined;
}

export function watchRpcFor(options: WatchRpcOptions): (network: string) => JsonRpcBatch | undefined {
  const made = new Map<string, JsonRpcBatch | undefined>();
  const make = (network: string): JsonRpcBatch | undefined => {
    if (network === LOCAL_NETWORK.symbol) return options.evmDevnet ? inProcessJsonRpc((p) => options.evmDevnet!.request(p)) : undefined;
    const family = networkBySymbol(network)?.family;
    if (family === 'solana') {
      if (options.solanaDevnet) return inProcessJsonRpc((p) => options.solanaDevnet!.request(p));
      return httpJsonRpc(options.env.RPC_URL_SOL?.trim() || DEFAULT_SOLANA_RPC_URL);
    }
    const url = family ? rpcUrlFor(network, options.env) : undefined;
    return url ? httpJsonRpc(url) : undefined;
  };
  return (network) => {
    if (!made.has(network)) made.set(network, make(network));
    return made.get(network);
  };
}
