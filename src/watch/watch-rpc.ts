/**
 * Which node the followers read for an EVM network: the embedded devnet in process (LOCAL),
 * otherwise the network's RPC URL (RPC_URL_<NETWORK> or the public default), one batch a
 * round trip. Solana networks have none: their watches are refused for now.
 */
import { networkBySymbol, LOCAL_NETWORK } from '../chain/networks.ts';
import { rpcUrlFor } from '../chain/chain-details.ts';
import { httpJsonRpc, inProcessJsonRpc, type JsonRpcBatch } from './json-rpc-batch.ts';

export interface WatchRpcOptions {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly evmDevnet?: { request(payload: unknown): Promise<unknown> } | undefined;
}

export function watchRpcFor(options: WatchRpcOptions): (network: string) => JsonRpcBatch | undefined {
  const made = new Map<string, JsonRpcBatch | undefined>();
  const make = (network: string): JsonRpcBatch | undefined => {
    if (network === LOCAL_NETWORK.symbol) return options.evmDevnet ? inProcessJsonRpc((p) => options.evmDevnet!.request(p)) : undefined;
    const family = networkBySymbol(network)?.family;
    const url = family === 'evm' ? rpcUrlFor(network, options.env) : undefined;
    return url ? httpJsonRpc(url) : undefined;
  };
  return (network) => {
    if (!made.has(network)) made.set(network, make(network));
    return made.get(network);
  };
}
