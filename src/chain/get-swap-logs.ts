/**
 * `Swap` logs of a set of pools over a block range, V2 and V3 shapes in one query.
 * The range is read in windows of at most `maxBlockRange` blocks; a window the node
 * refuses is halved down to `minBlockRange`. A window still refused is left out and
 * named in `missing`, so the caller reports a partial figure instead of failing, and
 * `maxRequests` bounds the whole read on a node that refuses everything.
 */
import { BaseError, parseAbiItem, type Address } from 'viem';
import type { SwapAmounts } from '../market/prices.ts';
import type { ChainClient } from './create-chain-client.ts';
import { toChainError, type ChainError } from './chain-errors.ts';

export const V2_SWAP_EVENT = parseAbiItem(
  'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
);
export const V3_SWAP_EVENT = parseAbiItem(
  'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)',
);

export interface SwapLog {
  readonly pool: Address;
  readonly blockNumber: bigint;
  readonly logIndex: number;
  readonly amounts: SwapAmounts;
  /** V3 only: the pool's price after the swap. */
  readonly sqrtPriceX96?: bigint;
}

export interface GetSwapLogsParameters {
  readonly pools: readonly Address[];
  readonly fromBlock: bigint;
  readonly toBlock: bigint;
  /** Largest range asked in one eth_getLogs (default 10,000). */
  readonly maxBlockRange?: bigint;
  /** Smallest range a refused window is split down to (default 16). */
  readonly minBlockRange?: bigint;
  /** eth_getLogs requests allowed in all (default 64). */
  readonly maxRequests?: number;
}

export interface GetSwapLogsReturnType {
  readonly logs: readonly SwapLog[];
  /** Ranges not read (refused at the smallest window, or over the request budget). */
  readonly missing: readonly { readonly fromBlock: bigint; readonly toBlock: bigint; readonly reason: string }[];
  readonly requests: number;
}

/**
 * Reads Swap logs.
 *
 * @example
 * const { logs, missing } = await getSwapLogs(client, { pools: [pair], fromBlock, toBlock: head });
 */
export async function getSwapLogs(client: ChainClient, parameters: GetSwapLogsParameters): Promise<GetSwapLogsReturnType> {
  const maxRange = parameters.maxBlockRange ?? 10_000n;
  const minRange = parameters.minBlockRange ?? 16n;
  const budget = parameters.maxRequests ?? 64;
  const logs: SwapLog[] = [];
  const missing: { fromBlock: bigint; toBlock: bigint; reason: string }[] = [];
  let requests = 0;
  if (parameters.pools.length === 0 || parameters.fromBlock > parameters.toBlock) return { logs, missing, requests };

  // Windows are read in order (a stack, newest split first), one request at a time: a
  // node that rate-limits gets a steady caller, and the budget is exact.
  const pending: { from: bigint; to: bigint }[] = [];
  for (let end = parameters.toBlock; end >= parameters.fromBlock; end -= maxRange) {
    const start = end - maxRange + 1n > parameters.fromBlock ? end - maxRange + 1n : parameters.fromBlock;
    pending.unshift({ from: start, to: end });
    if (start === parameters.fromBlock) break;
  }
  while (pending.length > 0) {
    const window = pending.shift()!;
    if (requests >= budget) {
      missing.push({ fromBlock: window.from, toBlock: window.to, reason: `over the budget of ${budget} eth_getLogs requests` });
      continue;
    }
    requests += 1;
    try {
      const found = await client.public.getLogs({
        address: [...parameters.pools],
        events: [V2_SWAP_EVENT, V3_SWAP_EVENT],
        fromBlock: window.from,
        toBlock: window.to,
        strict: false,
      });
      for (const log of found) {
        const swap = decodeSwap(log);
        if (swap) logs.push(swap);
      }
    } catch (error) {
      const mapped: ChainError = toChainError(error, { network: client.network, fromBlock: window.from, toBlock: window.to });
      // A range limit arrives as an RPC error (Infura's -32005 "more than 10000 results"
      // reads as a limit), an odd answer or a timeout; only HTTP 429 says "slow down".
      const splittable = mapped.details.status !== 429;
      const size = window.to - window.from + 1n;
      if (splittable && size > minRange) {
        const mid = window.from + size / 2n - 1n;
        pending.unshift({ from: window.from, to: mid }, { from: mid + 1n, to: window.to });
      } else missing.push({ fromBlock: window.from, toBlock: window.to, reason: describeChainError(mapped) });
    }
  }
  logs.sort((a, b) => (a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1));
  return { logs, missing, requests };
}

interface RawSwapLog {
  readonly address: Address;
  readonly blockNumber: bigint | null;
  readonly logIndex: number | null;
  readonly eventName?: string;
  readonly args: Record<string, unknown> | readonly unknown[];
}

function decodeSwap(log: RawSwapLog): SwapLog | null {
  if (log.blockNumber === null || log.logIndex === null || Array.isArray(log.args)) return null;
  const a = log.args as Record<string, unknown>;
  const base = { pool: log.address, blockNumber: log.blockNumber, logIndex: log.logIndex };
  if (
    typeof a.amount0In === 'bigint' &&
    typeof a.amount1In === 'bigint' &&
    typeof a.amount0Out === 'bigint' &&
    typeof a.amount1Out === 'bigint'
  )
    return {
      ...base,
      amounts: { version: 'v2', amount0In: a.amount0In, amount1In: a.amount1In, amount0Out: a.amount0Out, amount1Out: a.amount1Out },
    };
  if (typeof a.amount0 === 'bigint' && typeof a.amount1 === 'bigint' && typeof a.sqrtPriceX96 === 'bigint')
    return { ...base, amounts: { version: 'v3', amount0: a.amount0, amount1: a.amount1 }, sqrtPriceX96: a.sqrtPriceX96 };
  return null;
}

/** A chain error with the node's own words when viem replaced them with a generic message. */
export function describeChainError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  const own = cause instanceof BaseError && cause.details && !error.message.includes(cause.details) ? ` (${cause.details})` : '';
  return `${error.message}${own}`;
}
