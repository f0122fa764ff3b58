/**
 * Market history for each devnet sample token, cold (a fresh client per token): the
 * 24-hour volume and price30/price60 as readMarketHistory computes them (head, three
 * block-by-time searches, Swap logs, past reserves of the pair and the native pair),
 * beside the bare JSON-RPC work those figures need once the block numbers are known (one
 * eth_getLogs and four eth_calls, sent one by one), in the same run. Prints milliseconds,
 * HTTP round trips and the ratio.
 *
 *   node --import tsx bench/market.ts
 */
import { encodeFunctionData, parseAbi, type Address } from 'viem';
import { createChainClient } from '../src/chain/create-chain-client.ts';
import { getPools } from '../src/chain/get-pools.ts';
import { V2_SWAP_EVENT } from '../src/chain/get-swap-logs.ts';
import { readMarketHistory } from '../src/market/read-market.ts';
import { startDevnet } from '../src/devnet/devnet.ts';
import { serveDevnet } from '../src/devnet/serve-devnet.ts';
import { encodeEventTopics } from 'viem';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const devnet = await startDevnet({ dataDir: process.env.DATA_DIR ?? './data' });
const server = await serveDevnet(devnet, { port: 0 });
const reserves = encodeFunctionData({
  abi: parseAbi(['function getReserves() view returns (uint112, uint112, uint32)']),
  functionName: 'getReserves',
});

/** The bare requests: Swap logs of the day, reserves of the pair and the native pair at the two past blocks. */
async function bare(pair: Address, nativePair: Address, blocks: { day: bigint; d30: bigint; d60: bigint; head: bigint }) {
  let id = 0;
  let requests = 0;
  const rpc = async (method: string, params: unknown[]) => {
    requests += 1;
    const res = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
    });
    return ((await res.json()) as { result?: unknown }).result;
  };
  const hex = (n: bigint) => `0x${n.toString(16)}`;
  const t0 = performance.now();
  await rpc('eth_getLogs', [
    { address: pair, fromBlock: hex(blocks.day + 1n), toBlock: hex(blocks.head), topics: encodeEventTopics({ abi: [V2_SWAP_EVENT] }) },
  ]);
  for (const block of [blocks.d30, blocks.d60]) {
    await rpc('eth_call', [{ to: pair, data: reserves }, hex(block)]);
    await rpc('eth_call', [{ to: nativePair, data: reserves }, hex(block)]);
  }
  return { ms: performance.now() - t0, requests };
}

const rows: string[] = [];
let oursTotal = 0;
let bareTotal = 0;
for (const token of devnet.tokens) {
  const decimals = token.behaviour === 'blacklist' ? 9 : 18;
  let oursMs = 0;
  let oursRequests = 0;
  let bareMs = 0;
  let bareRequests = 0;
  let figures = '';
  for (let round = 0; round < ROUNDS; round++) {
    const client = createChainClient('LOCAL', { rpcUrl: server.url });
    const pools = await getPools(client, { address: token.address, decimals });
    const before = client.stats.requests;
    const t0 = performance.now();
    const market = await readMarketHistory(client, { network: 'LOCAL', address: token.address, decimals, pools });
    oursMs += performance.now() - t0;
    oursRequests += client.stats.requests - before;
    figures = `volume $${market.tradingVolume.toFixed(2)}, price30 ${market.price30.toFixed(2)}%, price60 ${market.price60.toFixed(2)}%`;
    const pair = pools.pairs[0]!.address;
    const blockOf = async (seconds: number) => {
      const head = await client.public.getBlock();
      let lo = 0n;
      let hi = head.number;
      // Not timed: the bare baseline is handed the blocks.
      while (lo < hi) {
        const mid = (lo + hi + 1n) / 2n;
        if (Number((await client.public.getBlock({ blockNumber: mid })).timestamp) <= Number(head.timestamp) - seconds) lo = mid;
        else hi = mid - 1n;
      }
      return { block: lo, head: head.number };
    };
    const [day, d30, d60] = await Promise.all([86_400, 30 * 86_400, 60 * 86_400].map(blockOf));
    const b = await bare(pair, pools.nativePair!.address, { day: day!.block, d30: d30!.block, d60: d60!.block, head: day!.head });
    bareMs += b.ms;
    bareRequests += b.requests;
  }
  oursTotal += oursMs;
  bareTotal += bareMs;
  rows.push(
    `${token.behaviour.padEnd(10)} ours ${(oursMs / ROUNDS).toFixed(1).padStart(6)} ms ${(oursRequests / ROUNDS).toFixed(0).padStart(3)} round trips | bare ${(bareMs / ROUNDS).toFixed(1).padStart(6)} ms ${(bareRequests / ROUNDS).toFixed(0).padStart(2)} requests | ratio ${(oursMs / bareMs).toFixed(2)} | ${figures}`,
  );
}
console.log(
  `market history per devnet token (mean of ${ROUNDS} cold rounds; chain head block ${await devnet.provider.request({ method: 'eth_blockNumber' })})`,
);
for (const row of rows) console.log(row);
console.log(
  `overall: ours ${(oursTotal / ROUNDS / devnet.tokens.length).toFixed(1)} ms per token, bare ${(bareTotal / ROUNDS / devnet.tokens.length).toFixed(1)} ms, ratio ${(oursTotal / bareTotal).toFixed(2)}`,
);
await server.close();
await devnet.close();
