/**
 * Reading the full context of each devnet sample token, cold (a fresh client per token):
 * JSON-RPC round trips (HTTP requests) and milliseconds per token, beside a naive reader
 * that sends one JSON-RPC call per fact (no batching, no multicall) in the same run.
 * Target: ≤ 15 round trips per token.
 *
 *   node --import tsx bench/chain-read.ts
 */
import { encodeFunctionData, erc20Abi, parseAbi, parseAbiItem, type Address } from 'viem';
import { createChainClient } from '../src/chain/create-chain-client.ts';
import { readContractContext } from '../src/chain/read-contract-context.ts';
import { startDevnet } from '../src/devnet/devnet.ts';
import { serveDevnet } from '../src/devnet/serve-devnet.ts';
import { chainDetails } from '../src/chain/chain-details.ts';

const devnet = await startDevnet({ dataDir: process.env.DATA_DIR ?? './data' });
const server = await serveDevnet(devnet, { port: 0 });

/** The naive reader: one HTTP request per fact, the same facts as readContractContext. */
async function naiveRead(address: Address): Promise<number> {
  let requests = 0;
  let id = 0;
  const rpc = async (method: string, params: unknown[]): Promise<unknown> => {
    requests += 1;
    const res = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
    });
    return ((await res.json()) as { result?: unknown }).result;
  };
  const call = (to: string, data: string) => rpc('eth_call', [{ to, data }, 'latest']);
  const details = chainDetails('LOCAL');
  await rpc('eth_getCode', [address, 'latest']);
  await rpc('eth_blockNumber', []);
  for (const fn of ['name', 'symbol', 'decimals', 'totalSupply'] as const)
    await call(address, encodeFunctionData({ abi: erc20Abi, functionName: fn }));
  await call(address, encodeFunctionData({ abi: parseAbi(['function owner() view returns (address)']), functionName: 'owner' }));
  await call(address, encodeFunctionData({ abi: parseAbi(['function getOwner() view returns (address)']), functionName: 'getOwner' }));
  for (const holder of ['0x000000000000000000000000000000000000dEaD', '0x0000000000000000000000000000000000000000'] as const) {
    await call(address, encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [holder] }));
  }
  for (let i = 0; i < 4; i++) await rpc('eth_getStorageAt', [address, `0x${i}`, 'latest']); // proxy + ownable slots
  const pairs: string[] = [];
  for (const dex of details?.dexes ?? []) {
    for (const quote of [details?.wrappedNative, ...(details?.stablecoins ?? [])]) {
      if (!quote) continue;
      const pair = (await call(
        dex.factory,
        encodeFunctionData({
          abi: parseAbi(['function getPair(address,address) view returns (address)']),
          functionName: 'getPair',
          args: [address, quote.address as Address],
        }),
      )) as string;
      if (pair && !/^0x0+$/.test(pair)) pairs.push(`0x${pair.slice(-40)}`);
    }
  }
  for (const pair of pairs)
    await call(
      pair,
      encodeFunctionData({ abi: parseAbi(['function getReserves() view returns (uint112,uint112,uint32)']), functionName: 'getReserves' }),
    );
  // Creation: a plain binary search over eth_getCode, then the block and each receipt.
  let lo = 0;
  let hi = Number(await rpc('eth_blockNumber', []));
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    const code = (await rpc('eth_getCode', [address, `0x${mid.toString(16)}`])) as string;
    if (code && code !== '0x') hi = mid;
    else lo = mid + 1;
  }
  const block = (await rpc('eth_getBlockByNumber', [`0x${lo.toString(16)}`, false])) as { transactions: string[] };
  for (const tx of block.transactions) await rpc('eth_getTransactionReceipt', [tx]);
  await rpc('eth_getLogs', [
    {
      address,
      fromBlock: '0x0',
      toBlock: 'latest',
      topics: [
        parseAbiItem('event Transfer(address indexed, address indexed, uint256)') &&
          '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
      ],
    },
  ]);
  for (const locker of details?.lockers ?? [])
    for (const target of [address, ...pairs])
      await call(locker.address, encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [target as Address] }));
  return requests;
}

// Warm the JIT and sockets once so the first token is not charged for it.
await readContractContext(createChainClient('LOCAL', { rpcUrl: server.url }), { address: devnet.tokens[0]!.address });

const rows: { behaviour: string; trips: number; ms: number; naiveTrips: number; naiveMs: number }[] = [];
for (const token of devnet.tokens) {
  const client = createChainClient('LOCAL', { rpcUrl: server.url });
  let t = performance.now();
  const ctx = await readContractContext(client, { address: token.address, sourceProviders: [devnet.verifiedSources] });
  const ms = performance.now() - t;
  t = performance.now();
  const naiveTrips = await naiveRead(token.address);
  const naiveMs = performance.now() - t;
  rows.push({ behaviour: token.behaviour, trips: ctx.rpc.requests, ms, naiveTrips, naiveMs });
}
await server.close();
await devnet.close();

console.log('token        round trips  (naive)  ratio    ms     (naive ms)');
for (const r of rows) {
  console.log(
    `${r.behaviour.padEnd(12)} ${String(r.trips).padStart(6)}  ${String(r.naiveTrips).padStart(9)}  ${(r.naiveTrips / r.trips).toFixed(1).padStart(5)}x ${r.ms.toFixed(1).padStart(6)}  ${r.naiveMs.toFixed(1).padStart(8)}`,
  );
}
const avg = (f: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + f(r), 0) / rows.length;
console.log(
  `mean         ${avg((r) => r.trips)
    .toFixed(1)
    .padStart(6)}  ${avg((r) => r.naiveTrips)
    .toFixed(1)
    .padStart(9)}  ${(avg((r) => r.naiveTrips) / avg((r) => r.trips)).toFixed(1).padStart(5)}x ${avg((r) => r.ms)
    .toFixed(1)
    .padStart(6)}  ${avg((r) => r.naiveMs)
    .toFixed(1)
    .padStart(8)}`,
);
console.log(
  `target ≤ 15 round trips per token: ${rows.every((r) => r.trips <= 15) ? 'met' : 'MISSED'}; devnet start ${devnet.startup.compileMs + devnet.startup.deployMs} ms (artifacts ${devnet.startup.compiled ? 'compiled' : 'cached'})`,
);
