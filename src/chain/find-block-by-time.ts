/**
 * The last block at or before a timestamp, by a bounded binary search over block
 * numbers. Block times are monotonic, so the search needs about log2(head) header reads
 * (27 for a 100M-block chain); `maxSteps` bounds it on any chain, after which the
 * closest block found so far is returned and marked inexact.
 */
import type { ChainClient } from './create-chain-client.ts';
import { toChainError } from './chain-errors.ts';

export interface BlockTime {
  readonly number: bigint;
  /** Seconds since the epoch. */
  readonly timestamp: number;
}

export interface FindBlockByTimeParameters {
  /** Seconds since the epoch. */
  readonly timestamp: number;
  /** The chain head, when the caller already read it. */
  readonly head?: BlockTime;
  /** Header reads allowed (default 48). */
  readonly maxSteps?: number;
}

export interface FindBlockByTimeReturnType {
  /** The last block with `timestamp <= target`; null when the chain starts after the target. */
  readonly block: BlockTime | null;
  /** False when `maxSteps` ran out before the search closed. */
  readonly exact: boolean;
  /** Header reads made. */
  readonly reads: number;
}

/** Reads one block header's number and time. */
export async function readBlockTime(client: ChainClient, blockNumber?: bigint): Promise<BlockTime> {
  try {
    const block = await client.public.getBlock(blockNumber === undefined ? { blockTag: 'latest' } : { blockNumber });
    if (block.number === null) throw new Error('the node answered a pending block');
    return { number: block.number, timestamp: Number(block.timestamp) };
  } catch (error) {
    throw toChainError(error, { network: client.network, ...(blockNumber !== undefined ? { blockNumber } : {}) });
  }
}

/**
 * Finds the block in effect at `timestamp`.
 *
 * @example
 * const { block } = await findBlockByTime(client, { timestamp: head.timestamp - 86_400, head });
 */
export async function findBlockByTime(client: ChainClient, parameters: FindBlockByTimeParameters): Promise<FindBlockByTimeReturnType> {
  let reads = 0;
  const read = (n?: bigint) => {
    reads += 1;
    return readBlockTime(client, n);
  };
  const head = parameters.head ?? (await read());
  const target = parameters.timestamp;
  if (target >= head.timestamp) return { block: head, exact: true, reads };
  let lo = await read(0n);
  if (lo.timestamp > target) return { block: null, exact: true, reads };
  // Invariant: lo.timestamp <= target < hi.timestamp.
  let hi = head;
  const maxSteps = parameters.maxSteps ?? 48;
  while (hi.number - lo.number > 1n) {
    if (reads >= maxSteps) return { block: lo, exact: false, reads };
    const mid = await read(lo.number + (hi.number - lo.number) / 2n);
    if (mid.timestamp <= target) lo = mid;
    else hi = mid;
  }
  return { block: lo, exact: true, reads };
}
