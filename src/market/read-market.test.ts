/**
 * Market history against the devnet's 90 days of trading, through a local JSON-RPC
 * server that can behave like the nodes we meet: a full node without archive state
 * (geth's "missing trie node"), a provider that caps eth_getLogs ranges, one that
 * refuses logs altogether. Then a stablecoin pair and a known day of trades.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { encodeFunctionData, parseAbi, parseEther, parseUnits, type Address, type Hex } from 'viem';
import { startDevnet, sampleToken, type Devnet } from '../devnet/devnet.ts';
import { createChainClient, type ChainClient } from '../chain/create-chain-client.ts';
import { findBlockByTime, readBlockTime } from '../chain/find-block-by-time.ts';
import { getPools } from '../chain/get-pools.ts';
import { openStore, type Store } from '../store/open-store.ts';
import { createPriceHistory } from './price-history.ts';
import { readMarketHistory, type MarketHistory } from './read-market.ts';

interface NodeBehaviour {
  /** Refuse eth_call at any block but the head, as a node that prunes old state does. */
  noArchive?: boolean;
  /** Refuse eth_getLogs spanning more blocks than this. */
  maxLogRange?: number;
  /** Refuse every eth_getLogs. */
  noLogs?: boolean;
}

let devnet: Devnet;
let store: Store;
const servers: Server[] = [];
const dataDir = `/tmp/scopeward-market-test-${process.pid}`;

/** A loopback JSON-RPC node in front of the devnet with the given limits. */
async function node(behaviour: NodeBehaviour = {}): Promise<string> {
  const answer = async (call: { id?: unknown; method?: string; params?: unknown[] }): Promise<unknown> => {
    const refuse = (code: number, message: string) => ({ jsonrpc: '2.0', id: call.id ?? null, error: { code, message } });
    if (call.method === 'eth_call' && behaviour.noArchive) {
      const tag = call.params?.[1];
      const head = BigInt((await devnet.provider.request({ method: 'eth_blockNumber' })) as string);
      if (typeof tag === 'string' && tag.startsWith('0x') && BigInt(tag) < head)
        return refuse(-32000, `missing trie node 1b2c4e6a0f (path ) state ${tag} is not available`);
    }
    if (call.method === 'eth_getLogs') {
      if (behaviour.noLogs) return refuse(-32005, 'eth_getLogs is disabled on this endpoint');
      const filter = (call.params?.[0] ?? {}) as { fromBlock?: string; toBlock?: string };
      const head = BigInt((await devnet.provider.request({ method: 'eth_blockNumber' })) as string);
      const from = filter.fromBlock?.startsWith('0x') ? BigInt(filter.fromBlock) : 0n;
      const to = filter.toBlock?.startsWith('0x') ? BigInt(filter.toBlock) : head;
      if (behaviour.maxLogRange !== undefined && to - from + 1n > BigInt(behaviour.maxLogRange))
        return refuse(-32600, `eth_getLogs is limited to a ${behaviour.maxLogRange} block range`);
    }
    return devnet.request(call);
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
        const out = Array.isArray(body) ? await Promise.all(body.map((c) => answer(c as never))) : await answer(body as never);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(out));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function market(rpcUrl: string, token: Address, decimals: number, extra: Partial<Parameters<typeof readMarketHistory>[1]> = {}) {
  const client: ChainClient = createChainClient('LOCAL', { rpcUrl, retryCount: 0 });
  const pools = await getPools(client, { address: token, decimals });
  return { pools, result: await readMarketHistory(client, { network: 'LOCAL', address: token, decimals, pools, ...extra }), client };
}

before(async () => {
  devnet = await startDevnet({ dataDir });
  store = await openStore({ dataDir: ':memory:' });
});
after(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  await store.close();
  await devnet.close();
});

describe('findBlockByTime', () => {
  it('finds the last block at or before a time, null before genesis, inexact when out of steps', async () => {
    const client = createChainClient('LOCAL', { rpcUrl: await node() });
    const head = await readBlockTime(client);
    for (const back of [1, 3_600, 86_400, 30 * 86_400, 60 * 86_400]) {
      const target = head.timestamp - back;
      const { block, exact } = await findBlockByTime(client, { timestamp: target, head });
      assert.ok(block && exact, `${back}`);
      assert.ok(block.timestamp <= target, `${back}`);
      const next = await readBlockTime(client, block.number + 1n);
      assert.ok(next.timestamp > target, `${back}: next block ${next.timestamp} not after ${target}`);
    }
    assert.equal((await findBlockByTime(client, { timestamp: 1_000, head })).block, null);
    const short = await findBlockByTime(client, { timestamp: head.timestamp - 30 * 86_400, head, maxSteps: 3 });
    assert.equal(short.exact, false);
    assert.ok(short.block && short.block.timestamp <= head.timestamp - 30 * 86_400);
  });
});

describe('readMarketHistory on the devnet’s trading history', () => {
  let full: MarketHistory;
  const plain = () => sampleToken(devnet, 'plain').address;

  it('prices a token through the wrapped native token’s own stable pair', async () => {
    const rpc = await node();
    const { pools } = await market(rpc, plain(), 18);
    // Independently: both pairs' raw reserves, ordered by address as Uniswap V2 sorts them.
    const reservesOf = async (pair: Address) => {
      const data = encodeFunctionData({
        abi: parseAbi(['function getReserves() view returns (uint112, uint112, uint32)']),
        functionName: 'getReserves',
      });
      const out = (await devnet.provider.request({ method: 'eth_call', params: [{ to: pair, data }, 'latest'] })) as string;
      return [BigInt(`0x${out.slice(2, 66)}`), BigInt(`0x${out.slice(66, 130)}`)] as const;
    };
    const { weth, stablecoin } = devnet.contracts;
    const [t0, t1] = await reservesOf(pools.pairs[0]!.address);
    const tokenFirst = plain().toLowerCase() < weth.toLowerCase();
    const wethPerToken = Number(tokenFirst ? t1 : t0) / Number(tokenFirst ? t0 : t1);
    const [n0, n1] = await reservesOf(pools.nativePair!.address);
    const wethFirst = weth.toLowerCase() < stablecoin.toLowerCase();
    const usdPerWeth = Number(wethFirst ? n1 : n0) / 1e6 / (Number(wethFirst ? n0 : n1) / 1e18);
    assert.ok(Math.abs(usdPerWeth - 2000) < 1e-9, `${usdPerWeth}`);
    assert.ok(Math.abs(pools.priceUsd! - wethPerToken * usdPerWeth) < 1e-12, `${pools.priceUsd} vs ${wethPerToken * usdPerWeth}`);
  });

  it('measures a day of volume and a falling price from archive state', async () => {
    ({ result: full } = await market(await node(), plain(), 18));
    assert.equal(full.status, 'ok', full.reason);
    // The last day: one buy and every trader closing out, all on the WETH pair.
    assert.ok(full.tradingVolume > 1_000 && full.tradingVolume < 3_000, `${full.tradingVolume}`);
    assert.ok(full.volume.swaps >= 4, `${full.volume.swaps} swaps`);
    // Buying ran to day 39 and selling from day 42: 60 days back (day 29) the price was
    // above today's, and higher than 30 days back (day 59, after six partial sells).
    assert.ok(full.price30 < 0 && full.price60 < full.price30, `${full.price30} ${full.price60}`);
    assert.equal(full.changes.days30.then?.source, 'archive');
  });

  it('gets the same figures from Sync logs and capped log ranges on a node without archive state', async () => {
    const { result } = await market(await node({ noArchive: true, maxLogRange: 50 }), plain(), 18);
    assert.equal(result.status, 'ok', result.reason);
    assert.equal(result.changes.days30.then?.source, 'log');
    assert.ok(Math.abs(result.price30 - full.price30) < 1e-9, `${result.price30} vs ${full.price30}`);
    assert.ok(Math.abs(result.price60 - full.price60) < 1e-9);
    assert.ok(Math.abs(result.tradingVolume - full.tradingVolume) < 1e-9);
  });

  it('reports a partial volume when a node refuses the ranges within the request budget', async () => {
    const { result } = await market(await node({ maxLogRange: 1 }), plain(), 18, { maxLogRequests: 3 });
    assert.equal(result.status, 'partial');
    assert.match(result.reason, /tradingVolume: partial: \d+ of \d+ blocks not read/);
    assert.equal(result.volume.complete, false);
    assert.ok(result.tradingVolume < full.tradingVolume);
  });

  it('falls back to our stored prices when the node has neither archive state nor logs, and says why when it has none', async () => {
    const history = createPriceHistory(store.db);
    const rpc = await node({ noArchive: true, noLogs: true });
    const token = sampleToken(devnet, 'fee').address;
    const head = await readBlockTime(createChainClient('LOCAL', { rpcUrl: rpc }));
    const thirtyDaysBefore = new Date((head.timestamp - 30 * 86_400 - 3_600) * 1000).toISOString();
    await history.record('LOCAL', token, { at: thirtyDaysBefore, priceUsd: 0.1 });
    const { result, pools } = await market(rpc, token, 18, { history });
    assert.equal(result.changes.days30.then?.source, 'history');
    assert.ok(Math.abs(result.price30 - ((pools.priceUsd! - 0.1) / 0.1) * 100) < 1e-9);
    assert.equal(result.price60, 0);
    assert.match(result.changes.days60.reason, /missing trie node/);
    assert.match(result.changes.days60.reason, /no stored price within 3 days/);
    assert.equal(result.status, 'partial');
    // This scan's price is now stored at the head's time.
    const stored = await history.priceAt('LOCAL', token, new Date(head.timestamp * 1000), 1_000);
    assert.equal(stored?.priceUsd, pools.priceUsd);
  });
});

describe('a stablecoin pair and a known day of trades', () => {
  it('prices a 9-decimal token through 6-decimal USDC and counts exactly what was traded', async () => {
    const p = devnet.provider;
    const { deployer } = devnet.accounts;
    const { router, stablecoin, weth } = devnet.contracts;
    const token = sampleToken(devnet, 'blacklist').address;
    const erc20 = parseAbi(['function approve(address, uint256) returns (bool)']);
    const routerAbi = parseAbi([
      'function addLiquidity(address, address, uint256, uint256, uint256, uint256, address, uint256) returns (uint256, uint256, uint256)',
      'function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256, uint256, address[], address, uint256)',
      'function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256, address[], address, uint256) payable',
    ]);
    const head = await readBlockTime(createChainClient('LOCAL', { rpcUrl: await node() }));
    let time = head.timestamp + 2 * 86_400;
    const send = async (to: Address, data: Hex, value = 0n) => {
      await p.request({ method: 'evm_setNextBlockTimestamp', params: [`0x${(time++).toString(16)}`] });
      const hash = await p.request({
        method: 'eth_sendTransaction',
        params: [{ from: deployer.address, to, data, value: `0x${value.toString(16)}` }],
      });
      const receipt = (await p.request({ method: 'eth_getTransactionReceipt', params: [hash] })) as { status: string };
      assert.equal(receipt.status, '0x1');
    };
    const max = 2n ** 256n - 1n;
    const deadline = 2n ** 40n;
    await send(stablecoin, encodeFunctionData({ abi: erc20, functionName: 'approve', args: [router, max] }));
    await send(token, encodeFunctionData({ abi: erc20, functionName: 'approve', args: [router, max] }));
    // 200,000 BLACK (9 decimals) against 100,000 USDC (6 decimals): $0.50, and deeper than the WETH pool.
    const addLiquidity = encodeFunctionData({
      abi: routerAbi,
      functionName: 'addLiquidity',
      args: [token, stablecoin, parseUnits('200000', 9), parseUnits('100000', 6), 0n, 0n, deployer.address, deadline],
    });
    await send(router, addLiquidity);
    const rpc = await node();
    const before = await market(rpc, token, 9);
    assert.ok(Math.abs((before.pools.priceUsd ?? 0) - 0.5) < 1e-12, `${before.pools.priceUsd}`);
    assert.equal(before.pools.pairs[0]?.token, stablecoin);
    // Two days after the history ended: nothing traded in the last 24 hours yet.
    assert.equal(before.result.tradingVolume, 0);

    // A day of trades: 1,000 USDC into the stable pair, 1 ETH into the WETH pair.
    const swapUsdc = encodeFunctionData({
      abi: routerAbi,
      functionName: 'swapExactTokensForTokensSupportingFeeOnTransferTokens',
      args: [parseUnits('1000', 6), 0n, [stablecoin, token], deployer.address, deadline],
    });
    await send(router, swapUsdc);
    const swapEth = encodeFunctionData({
      abi: routerAbi,
      functionName: 'swapExactETHForTokensSupportingFeeOnTransferTokens',
      args: [0n, [weth, token], deployer.address, deadline],
    });
    await send(router, swapEth, parseEther('1'));
    const afterTrades = await market(rpc, token, 9);
    const expected = 1_000 + 1 * (afterTrades.pools.nativeUsd ?? NaN);
    assert.ok(Math.abs(afterTrades.result.tradingVolume - expected) < 1e-6, `${afterTrades.result.tradingVolume} vs ${expected}`);
    assert.equal(afterTrades.result.volume.swaps, 2);
    // The deepest pool is the new stable pair, which did not exist 30 days ago: no figure, and why.
    assert.equal(afterTrades.result.price30, 0);
    assert.match(afterTrades.result.changes.days30.reason, /no Sync log at or before block/);
  });
});
