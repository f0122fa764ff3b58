/**
 * A pool's price state at a past block. First `eth_call` at that block tag (V2
 * `getReserves`, V3 `slot0`), which needs an archive node for old blocks; failing that,
 * the last `Sync` (V2) or `Swap` (V3, it carries sqrtPriceX96) log at or before the block,
 * searched backwards in bounded windows. Null with the reasons when neither answers.
 */
import { decodeFunctionResult, encodeFunctionData, parseAbi, parseAbiItem, type Address, type Hex } from 'viem';
import type { ChainClient } from './create-chain-client.ts';
import { toChainError } from './chain-errors.ts';
import { describeChainError as describe } from './get-swap-logs.ts';
import { V3_SWAP_EVENT } from './get-swap-logs.ts';

export type PoolState =
  | { readonly version: 'v2'; readonly reserve0: bigint; readonly reserve1: bigint }
  | { readonly version: 'v3'; readonly sqrtPriceX96: bigint };

export interface PoolStateAt {
  readonly state: PoolState;
  /** `archive`: eth_call at the block; `log`: the last Sync/Swap log at or before it. */
  readonly source: 'archive' | 'log';
}

export interface GetPoolStateAtParameters {
  readonly pool: Address;
  readonly version: 'v2' | 'v3';
  readonly blockNumber: bigint;
  /** Blocks per backwards eth_getLogs window (default 10,000). */
  readonly logWindow?: bigint;
  /** eth_getLogs requests (windows, and halvings of refused ones) before giving up (default 32). */
  readonly maxLogRequests?: number;
}

export interface GetPoolStateAtReturnType {
  readonly found: PoolStateAt | null;
  /** Why the archive read and the log search did not answer (empty when found by archive). */
  readonly reasons: readonly string[];
}

const v2Abi = parseAbi(['function getReserves() view returns (uint112, uint112, uint32)']);
const v3Abi = parseAbi(['function slot0() view returns (uint160, int24, uint16, uint16, uint16, uint8, bool)']);
const SYNC_EVENT = parseAbiItem('event Sync(uint112 reserve0, uint112 reserve1)');
/** Refused windows are halved down to this many blocks. */
const MIN_LOG_WINDOW = 16n;

async function archiveState(client: ChainClient, p: GetPoolStateAtParameters): Promise<PoolState> {
  const abi = p.version === 'v2' ? v2Abi : v3Abi;
  const functionName = p.version === 'v2' ? 'getReserves' : 'slot0';
  let data: Hex | undefined;
  try {
    ({ data } = await client.public.call({
      to: p.pool,
      data: encodeFunctionData({ abi, functionName } as never),
      blockNumber: p.blockNumber,
    }));
  } catch (error) {
    throw toChainError(error, { network: client.network, address: p.pool, blockNumber: p.blockNumber });
  }
  // No code at that block (the pool came later) answers empty data.
  if (!data || data === '0x') throw new Error(`no pool code at block ${p.blockNumber}`);
  if (p.version === 'v2') {
    const [r0, r1] = decodeFunctionResult({ abi: v2Abi, functionName: 'getReserves', data });
    return { version: 'v2', reserve0: r0, reserve1: r1 };
  }
  const [sqrt] = decodeFunctionResult({ abi: v3Abi, functionName: 'slot0', data });
  return { version: 'v3', sqrtPriceX96: sqrt };
}

async function logState(client: ChainClient, p: GetPoolStateAtParameters): Promise<PoolState | null> {
  let window = p.logWindow ?? 10_000n;
  const tries = p.maxLogRequests ?? 32;
  let to = p.blockNumber;
  for (let i = 0; i < tries && to >= 0n; i++) {
    const from = to - window + 1n > 0n ? to - window + 1n : 0n;
    let logs: readonly { args: Record<string, unknown> }[];
    try {
      logs = (await client.public.getLogs({
        address: p.pool,
        event: p.version === 'v2' ? SYNC_EVENT : V3_SWAP_EVENT,
        fromBlock: from,
        toBlock: to,
        strict: false,
      })) as unknown as { args: Record<string, unknown> }[];
    } catch (error) {
      const mapped = toChainError(error, { network: client.network, address: p.pool, fromBlock: from, toBlock: to });
      // A node that caps log ranges refuses the window: halve it and ask again for the same end.
      if (mapped.details.status === 429 || window <= MIN_LOG_WINDOW) throw mapped;
      window /= 2n;
      continue;
    }
    // The node returns logs in chain order; the last one is the state at `to`.
    const last = logs.at(-1);
    if (last) {
      const a = last.args;
      if (p.version === 'v2' && typeof a.reserve0 === 'bigint' && typeof a.reserve1 === 'bigint')
        return { version: 'v2', reserve0: a.reserve0, reserve1: a.reserve1 };
      if (p.version === 'v3' && typeof a.sqrtPriceX96 === 'bigint') return { version: 'v3', sqrtPriceX96: a.sqrtPriceX96 };
    }
    if (from === 0n) break;
    to = from - 1n;
  }
  return null;
}

/**
 * Reads a pool's reserves or price at a past block.
 *
 * @example
 * const { found } = await getPoolStateAt(client, { pool, version: 'v2', blockNumber: 19_000_000n });
 */
export async function getPoolStateAt(client: ChainClient, parameters: GetPoolStateAtParameters): Promise<GetPoolStateAtReturnType> {
  const reasons: string[] = [];
  try {
    return { found: { state: await archiveState(client, parameters), source: 'archive' }, reasons };
  } catch (error) {
    reasons.push(`eth_call at block ${parameters.blockNumber}: ${describe(error)}`);
  }
  try {
    const state = await logState(client, parameters);
    if (state) return { found: { state, source: 'log' }, reasons };
    reasons.push(`no ${parameters.version === 'v2' ? 'Sync' : 'Swap'} log at or before block ${parameters.blockNumber}`);
  } catch (error) {
    reasons.push(`logs before block ${parameters.blockNumber}: ${describe(error)}`);
  }
  return { found: null, reasons };
}
