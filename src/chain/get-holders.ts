/**
 * Holders of a token from its Transfer logs: balances replayed from every transfer, the
 * number of holders with a positive balance and the top N. `eth_getLogs` ranges adapt:
 * a range the node refuses (too many results, range too large) is split in half.
 */
import { getAddress, parseAbiItem, type Address } from 'viem';
import type { ChainClient } from './create-chain-client.ts';
import { ChainError, toChainError } from './chain-errors.ts';
import { ZERO_ADDRESS } from './decode.ts';

export interface GetHoldersParameters {
  readonly address: string;
  /** First block to scan (the creation block when known); default 0. */
  readonly fromBlock?: bigint;
  readonly toBlock?: bigint;
  /** How many top holders to return (default 10). */
  readonly top?: number;
  /** Largest block range asked in one eth_getLogs (default 100,000; split further on refusal). */
  readonly maxBlockRange?: bigint;
}

export interface Holder {
  readonly address: Address;
  readonly balance: bigint;
}

export interface GetHoldersReturnType {
  /** Addresses with a positive balance (the zero address excluded). */
  readonly total: number;
  readonly top: readonly Holder[];
  readonly transfers: number;
  readonly fromBlock: bigint;
  readonly toBlock: bigint;
  /** eth_getLogs requests it took. */
  readonly logRequests: number;
}

const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
const MAX_SPLITS = 24;

interface TransferLog {
  blockNumber: bigint;
  logIndex: number;
  from: Address;
  to: Address;
  value: bigint;
}

async function fetchRange(
  client: ChainClient,
  address: Address,
  from: bigint,
  to: bigint,
  depth: number,
  counter: { n: number },
): Promise<TransferLog[]> {
  counter.n += 1;
  try {
    const logs = await client.public.getLogs({ address, event: transferEvent, fromBlock: from, toBlock: to, strict: false });
    return logs.flatMap((log) =>
      log.args.from && log.args.to && log.args.value !== undefined && log.blockNumber !== null && log.logIndex !== null
        ? [{ blockNumber: log.blockNumber, logIndex: log.logIndex, from: log.args.from, to: log.args.to, value: log.args.value }]
        : [],
    );
  } catch (error) {
    const mapped = toChainError(error, { network: client.network, address, fromBlock: from, toBlock: to });
    // Nodes refuse big ranges with an RPC error (or a 413 / bad response); halve and retry.
    const splittable = mapped.kind === 'rpc-error' || mapped.kind === 'bad-response' || mapped.kind === 'network';
    if (!splittable || from >= to || depth >= MAX_SPLITS) throw mapped;
    const mid = from + (to - from) / 2n;
    const [a, b] = await Promise.all([
      fetchRange(client, address, from, mid, depth + 1, counter),
      fetchRange(client, address, mid + 1n, to, depth + 1, counter),
    ]);
    return [...a, ...b];
  }
}

/** Replays balances from transfers (ordered by block and log index). */
export function balancesFromTransfers(logs: readonly TransferLog[]): Map<Address, bigint> {
  const sorted = [...logs].sort((x, y) =>
    x.blockNumber === y.blockNumber ? x.logIndex - y.logIndex : x.blockNumber < y.blockNumber ? -1 : 1,
  );
  const balances = new Map<Address, bigint>();
  for (const { from, to, value } of sorted) {
    const f = getAddress(from);
    const t = getAddress(to);
    if (f !== ZERO_ADDRESS) balances.set(f, (balances.get(f) ?? 0n) - value);
    if (t !== ZERO_ADDRESS) balances.set(t, (balances.get(t) ?? 0n) + value);
  }
  return balances;
}

/**
 * Reads holders from Transfer logs.
 *
 * @example
 * const { total, top } = await getHolders(client, { address, fromBlock: creation.blockNumber, top: 10 });
 */
export async function getHolders(client: ChainClient, parameters: GetHoldersParameters): Promise<GetHoldersReturnType> {
  const address = parameters.address as Address;
  const toBlock =
    parameters.toBlock ??
    (await client.public.getBlockNumber().catch((e: unknown) => {
      throw toChainError(e, { network: client.network });
    }));
  const fromBlock = parameters.fromBlock ?? 0n;
  if (fromBlock > toBlock) throw new ChainError('rpc-error', 'fromBlock is after toBlock', { fromBlock, toBlock });
  const maxRange = parameters.maxBlockRange ?? 100_000n;
  const counter = { n: 0 };
  const chunks: Promise<TransferLog[]>[] = [];
  for (let start = fromBlock; start <= toBlock; start += maxRange) {
    const end = start + maxRange - 1n < toBlock ? start + maxRange - 1n : toBlock;
    chunks.push(fetchRange(client, address, start, end, 0, counter));
  }
  const logs = (await Promise.all(chunks)).flat();
  const balances = balancesFromTransfers(logs);
  const positive = [...balances].filter(([, b]) => b > 0n).map(([a, balance]) => ({ address: a, balance }));
  positive.sort((x, y) => (x.balance === y.balance ? x.address.localeCompare(y.address) : x.balance > y.balance ? -1 : 1));
  return {
    total: positive.length,
    top: positive.slice(0, parameters.top ?? 10),
    transfers: logs.length,
    fromBlock,
    toBlock,
    logRequests: counter.n,
  };
}
