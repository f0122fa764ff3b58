/**
 * Which node the followers read for a network: the embedded EVM devnet in process (LOCAL),
 * otherwise the network's RPC URL (RPC_URL_<NETWORK> or the public default), one batch a
 * round trip. A Solana network (SOL) is read from the embedded Solana network in process
 * when the service runs one (DEVNET on), otherwise from RPC_URL_SOL or the public default.
 * One node a network: with DEVNET on, watches of SOL follow the embedded network only
 * (decision 0251), as the follower's slots and cursor are those of one chain.
 */
import { networkBySymbol, LOCAL_NETWORK } from '../chain/networks.ts';
import { rpcUrlFor } from '../chain/chain-details.ts';
import { DEFAULT_SOLANA_RPC_URL } from '../solana/create-solana-scanner.ts';
import { httpJsonRpc, inProcessJsonRpc, type JsonRpcBatch } from './json-rpc-batch.ts';

interface InProcessNode {
  request(payload: unknown): Promise<unknown>;
}

export interface WatchRpcOptions {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly evmDevnet?: InProcessNode | undefined;
  /** The embedded Solana network (network SOL), when the service runs it. */
  readonly solanaDevnet?: InProcessNode | undefined;
}

export function watchRpcFor(options: WatchRpcOptions): (network: string) => JsonRpcBatch | undefined {
  const made = new Map<string, JsonRpcBatch | undefined>();
  const make = (network: string): JsonRpcBatch | undefined => {
    if (network === LOCAL_NETWORK.symbol) return options.evmDevnet ? inProcessJsonRpc((p) => options.evmDevnet!.request(p)) : undefined;
    const family = networkBySymbol(network)?.family;
    if (family === 'solana') {
      if (options.solanaDevnet) return inProcessJsonRpc((p) => options.solanaDevnet!.request(p));
      return httpJsonRpc(options.env[`RPC_URL_${network}`]?.trim() || DEFAULT_SOLANA_RPC_URL);
    }
    const url = family === 'evm' ? rpcUrlFor(network, options.env) : undefined;
    return url ? httpJsonRpc(url) : undefined;
  };
  return (network) => {
    if (!made.has(network)) made.set(network, make(network));
    return made.get(network);
  };
}
