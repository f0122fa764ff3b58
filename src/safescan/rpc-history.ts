/**
 * History over plain JSON-RPC: every block of a bounded window (the last `blocks` blocks)
 * with its transactions, and the ERC-20/721 Transfer logs to or from the address in the
 * same window. Internal transactions need a tracing node or an explorer: not read here,
 * and the history says so. The devnet is short, so its window is its whole history.
 */
import { getContractAddress, pad, type Hex } from 'viem';
import type { ChainClient } from '../chain/create-chain-client.ts';
import { toChainError } from '../chain/chain-errors.ts';
import { HistoryError, type AddressHistory, type HistoryReader, type HistoryTx } from './history.ts';

const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
// Blocks fetched at once: the chain client batches them into a few HTTP round trips.
const PARALLEL = 50;

export interface RpcHistoryOptions {
  /** Newest blocks read (SAFESCAN_RPC_BLOCKS). */
  readonly blocks: number;
}

export function rpcHistoryReader(client: ChainClient, options: RpcHistoryOptions): HistoryReader {
  return async (address, signal) => {
    const self = address.toLowerCase();
    try {
      const latest = await client.public.getBlockNumber({ cacheTime: 0 });
      const from = latest + 1n > BigInt(options.blocks) ? latest + 1n - BigInt(options.blocks) : 0n;
      const txs: HistoryTx[] = [];
      const times = new Map<bigint, number>();
      for (let start = from; start <= latest; start += BigInt(PARALLEL)) {
        if (signal.aborted) throw new HistoryError('timeout', 'the node did not answer in time');
        const numbers: bigint[] = [];
        for (let n = start; n <= latest && n < start + BigInt(PARALLEL); n += 1n) numbers.push(n);
        const blocks = await Promise.all(numbers.map((blockNumber) => client.public.getBlock({ blockNumber, includeTransactions: true })));
        for (const block of blocks) {
          const time = Number(block.timestamp);
          times.set(block.number, time);
          for (const tx of block.transactions) {
            const fromAddress = tx.from.toLowerCase();
            const to = tx.to ? tx.to.toLowerCase() : null;
            if (fromAddress !== self && to !== self) continue;
            const created = to === null ? getContractAddress({ from: tx.from, nonce: BigInt(tx.nonce) }).toLowerCase() : null;
            txs.push({ hash: tx.hash, time, from: fromAddress, to, kind: 'normal', created });
          }
        }
      }
      if (signal.aborted) throw new HistoryError('timeout', 'the node did not answer in time');
      const topic = pad(self as Hex, { size: 32 });
      const [sent, received] = await Promise.all(
        [
          [TRANSFER, topic],
          [TRANSFER, null, topic],
        ].map((topics) =>
          client.public.request({
            method: 'eth_getLogs',
            params: [{ fromBlock: `0x${from.toString(16)}`, toBlock: `0x${latest.toString(16)}`, topics: topics as Hex[] }],
          }),
        ),
      );
      for (const log of [...(sent ?? []), ...(received ?? [])]) {
        const topics = log.topics;
        if (topics.length < 3 || !log.blockNumber || !log.transactionHash) continue;
        const time = times.get(BigInt(log.blockNumber));
        if (time === undefined) continue;
        txs.push({
          hash: log.transactionHash,
          time,
          from: `0x${topics[1]!.slice(26)}`.toLowerCase(),
          to: `0x${topics[2]!.slice(26)}`.toLowerCase(),
          kind: 'token',
        });
      }
      const complete = from === 0n;
      const notes = ['internal transactions are not read over JSON-RPC (set EXPLORER_API_KEY for them)'];
      if (!complete) notes.push(`only blocks ${from} to ${latest} were read (SAFESCAN_RPC_BLOCKS=${options.blocks})`);
      return { network: client.network, source: 'rpc', txs, complete, notes, internalRead: false } satisfies AddressHistory;
    } catch (error) {
      if (error instanceof HistoryError) throw error;
      const chain = toChainError(error);
      throw new HistoryError(
        chain.kind === 'timeout'
          ? 'timeout'
          : chain.kind === 'rate-limit'
            ? 'rate-limited'
            : chain.kind === 'bad-response'
              ? 'bad-response'
              : 'unreachable',
        chain.message,
        { cause: error },
      );
    }
  };
}
