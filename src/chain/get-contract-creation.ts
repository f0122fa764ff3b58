/**
 * When and by whom a contract was created: from an explorer API when one is configured,
 * else by a k-ary search over `eth_getCode` (many block heights per round trip) for the
 * first block with code, then a scan of that block's transactions and receipts.
 */
import { getAddress, type Address, type Hash } from 'viem';
import type { ChainClient } from './create-chain-client.ts';
import { toChainError } from './chain-errors.ts';

export interface ContractCreation {
  readonly creator: Address | null;
  readonly txHash: Hash | null;
  readonly blockNumber: bigint;
  /** Native value sent with the creating transaction, in wei. */
  readonly value: bigint;
  /** Seconds since the epoch of the creation block. */
  readonly timestamp: number;
  readonly source: 'explorer' | 'rpc';
}

/** An explorer that can name a contract's creator (see explorer-source-provider.ts). */
export interface CreationLookup {
  getContractCreation(network: string, address: string): Promise<{ creator: string; txHash: string } | null>;
}

export interface GetContractCreationParameters {
  readonly address: string;
  readonly explorer?: CreationLookup | undefined;
  /** Block heights probed per round trip (default 16). */
  readonly fanout?: number;
  /** Upper bound when known (e.g. the first Transfer log's block). */
  readonly beforeBlock?: bigint;
}

async function hasCode(client: ChainClient, address: Address, blockNumber: bigint): Promise<boolean> {
  const code = await client.public.getCode({ address, blockNumber });
  return code !== undefined && code !== '0x';
}

/** The first block at which `address` has code, or null when it has none at `hi`. */
async function firstBlockWithCode(client: ChainClient, address: Address, hi: bigint, fanout: number): Promise<bigint | null> {
  if (!(await hasCode(client, address, hi))) return null;
  let lo = 0n; // invariant: no code at lo - 1 ... answer in [lo, hi]
  while (lo < hi) {
    const span = hi - lo;
    const step = span / BigInt(fanout) + 1n;
    const points: bigint[] = [];
    for (let p = lo; p < hi; p += step) points.push(p);
    const answers = await Promise.all(points.map((p) => hasCode(client, address, p)));
    const firstYes = answers.indexOf(true);
    if (firstYes === 0) return points[0] ?? lo;
    const lastNo = firstYes === -1 ? points.length - 1 : firstYes - 1;
    lo = (points[lastNo] ?? lo) + 1n;
    if (firstYes !== -1) hi = points[firstYes] ?? hi;
  }
  return lo;
}

async function fromBlockScan(client: ChainClient, address: Address, blockNumber: bigint): Promise<ContractCreation> {
  const block = await client.public.getBlock({ blockNumber, includeTransactions: true });
  const receipts = await Promise.all(block.transactions.map((tx) => client.public.getTransactionReceipt({ hash: tx.hash })));
  const lower = address.toLowerCase();
  // A direct deployment names the address as contractAddress; a factory deployment is the
  // transaction whose receipt carries a log of the new contract, or else the block's first
  // call to a contract we cannot attribute (creator unknown).
  let index = receipts.findIndex((r) => r.contractAddress?.toLowerCase() === lower);
  if (index === -1) index = receipts.findIndex((r) => r.logs.some((log) => log.address.toLowerCase() === lower));
  const tx = index >= 0 ? block.transactions[index] : undefined;
  return {
    creator: tx ? getAddress(tx.from) : null,
    txHash: tx?.hash ?? null,
    blockNumber,
    value: tx?.value ?? 0n,
    timestamp: Number(block.timestamp),
    source: 'rpc',
  };
}

/**
 * Finds a contract's creation. Null when the address has no code now (an account, or a
 * self-destructed contract) or the node cannot answer historical state (not an archive).
 *
 * @example
 * const creation = await getContractCreation(client, { address });
 */
export async function getContractCreation(
  client: ChainClient,
  parameters: GetContractCreationParameters,
): Promise<ContractCreation | null> {
  const address = getAddress(parameters.address);
  try {
    const fromExplorer = await parameters.explorer?.getContractCreation(client.network, address).catch(() => null);
    if (fromExplorer && /^0x[0-9a-fA-F]{64}$/.test(fromExplorer.txHash)) {
      const hash = fromExplorer.txHash as Hash;
      const tx = await client.public.getTransaction({ hash });
      const block = tx.blockNumber !== null ? await client.public.getBlock({ blockNumber: tx.blockNumber }) : null;
      return {
        creator: getAddress(fromExplorer.creator),
        txHash: hash,
        blockNumber: tx.blockNumber ?? 0n,
        value: tx.value,
        timestamp: block ? Number(block.timestamp) : 0,
        source: 'explorer',
      };
    }
    const hi = parameters.beforeBlock ?? (await client.public.getBlockNumber());
    let blockNumber: bigint | null;
    try {
      blockNumber = await firstBlockWithCode(client, address, hi, Math.max(2, parameters.fanout ?? 16));
    } catch (error) {
      const mapped = toChainError(error);
      if (mapped.kind === 'rpc-error') return null; // historical state pruned: not an archive node
      throw mapped;
    }
    if (blockNumber === null) return null;
    return await fromBlockScan(client, address, blockNumber);
  } catch (error) {
    throw toChainError(error, { network: client.network, address, reader: 'getContractCreation' });
  }
}
