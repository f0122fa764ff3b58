/**
 * The last block at or before a timestamp, by a bounded search over block numbers. Block
 * times are monotonic, so the bracket [lo, hi] with lo.time <= target < hi.time always
 * holds the answer. Each step guesses by interpolation (where the target falls between the
 * bracket's times): on chains with a steady block time that lands within a few blocks, so
 * a search takes a handful of header reads instead of log2(head) (25 on Ethereum). When a
 * guess fails to halve the bracket (irregular times, such as the devnet's simulated days)
 * the next step bisects, so the worst case stays about 2 × log2(head). `maxSteps` bounds
 * it on any chain, after which the closest block found so far is returned as inexact.
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
  /** Header reads allowed (default 64). */
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
  const maxSteps = parameters.maxSteps ?? 64;
  let bisect = false;
  while (hi.number - lo.number > 1n) {
    if (reads >= maxSteps) return { block: lo, exact: false, reads };
    const span = hi.number - lo.number;
    const guess = bisect ? lo.number + span / 2n : interpolate(lo, hi, target);
    const probe = await read(guess);
    if (probe.timestamp <= target) lo = probe;
    else hi = probe;
    // A guess that did not halve the bracket is followed by a bisection.
    bisect = !bisect && (hi.number - lo.number) * 2n > span;
  }
  return { block: lo, exact: true, reads };
}

/** Where `target` falls between the bracket's times, as a block strictly inside the bracket. */
function interpolate(lo: BlockTime, hi: BlockTime, target: number): bigint {
  const span = hi.number - lo.number;
  const fraction = (target - lo.timestamp) / Math.max(1, hi.timestamp - lo.timestamp);
  // One block past the estimate: the estimate itself tends to land just below the target.
  let guess = lo.number + BigInt(Math.floor(fraction * Number(span))) + 1n;
  if (guess <= lo.number) guess = lo.number + 1n;
  if (guess >= hi.number) guess = hi.number - 1n;
  return guess;
}
