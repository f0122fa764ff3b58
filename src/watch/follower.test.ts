/**
 * The follower against the real devnet behind a node that limits what it answers: HTTP 429
 * for a while, and eth_getLogs refused past 2 blocks (as public nodes refuse large ranges).
 * The range shrinks, the follower resumes where it stopped, and no block is skipped.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startDevnet, type Devnet } from '../devnet/devnet.ts';
import { insertTestAccount, openTestStore, type TestStore } from '../testing/test-stores.ts';
import { httpJsonRpc, inProcessJsonRpc, RpcUnavailableError } from './json-rpc-batch.ts';
import { actOnToken } from '../devnet/owner-actions.ts';
import { createWatchRepository } from './watch-repository.ts';
import { createFollower, type StepOutcome } from './follower.ts';
import { buildWatchPlan } from './watch-plan.ts';
import type { WatchEvent } from '../interface/schemas/watches.ts';

describe('the follower on a node that limits it', () => {
  let devnet: Devnet;
  let store: TestStore;
  let node: Server;
  let url: string;
  let refuseNext = 0;
  const spans: number[] = [];

  before(async () => {
    devnet = await startDevnet({ dataDir: process.env.DATA_DIR ?? './data' });
    store = await openTestStore();
    node = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        if (refuseNext > 0) {
          refuseNext--;
          response.writeHead(429).end('{"message":"slow down"}');
          return;
        }
        const items = JSON.parse(body) as { id: number; method: string; params: { fromBlock: string; toBlock: string }[] }[];
        void Promise.all(
          items.map(async (item) => {
            if (item.method === 'eth_getLogs') {
              const span = Number(item.params[0]!.toBlock) - Number(item.params[0]!.fromBlock) + 1;
              spans.push(span);
              if (span > 2) return { jsonrpc: '2.0', id: item.id, error: { code: -32005, message: 'query exceeds max block range 2' } };
            }
            return devnet.request(item);
          }),
        ).then((answers) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answers)));
      });
    });
    await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(node.address() as AddressInfo).port}`;
  });
  after(async () => {
    await new Promise((resolve) => node.close(resolve));
    await store.dispose();
    await devnet.close();
  });

  it('answers a refused batch with a rate-limit error, a dropped connection with an unavailable one', async () => {
    refuseNext = 1;
    await assert.rejects(
      httpJsonRpc(url).send([{ method: 'eth_blockNumber', params: [] }]),
      (error: unknown) => error instanceof RpcUnavailableError && error.rateLimited,
    );
    await assert.rejects(
      httpJsonRpc('http://127.0.0.1:9/').send([{ method: 'eth_blockNumber', params: [] }]),
      (error: unknown) => error instanceof RpcUnavailableError && !error.rateLimited,
    );
  });

  it('shrinks the range on refusals and resumes where it stopped, every block once', async () => {
    const token = devnet.tokens.find((t) => t.behaviour === 'mint')!;
    const head = Number(
      BigInt(((await devnet.request({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] })) as { result: string }).result),
    );
    await insertTestAccount(store.db, 'a1', 'a@example.org');
    const repository = createWatchRepository(store.db);
    const plan = buildWatchPlan({
      token: token.address.toLowerCase(),
      proxy: false,
      storage: [],
      powers: null,
      pair: null,
      accounts: [],
      locks: [],
      sourceNote: null,
    });
    await repository.insert({
      id: 'w1',
      accountId: 'a1',
      token: token.address.toLowerCase(),
      network: 'LOCAL',
      chain: 'evm',
      webhookUrl: null,
      email: null,
      dashboard: true,
      webhookSecret: null,
      baseline: { plan, values: {}, locks: {}, verdict: null, decimals: 18 },
      verdict: null,
      createdAt: 'now',
      lastCheckedBlock: head - 9,
    });
    const events: WatchEvent[] = [];
    const follower = createFollower({
      network: 'LOCAL',
      rpc: httpJsonRpc(url),
      repository,
      deliveries: { enqueue: async (event) => void events.push(event) },
      resimulate: async () => null,
      confirmations: 0,
      maxRange: 8,
    });
    const outcomes: StepOutcome[] = [];
    refuseNext = 0;
    for (let i = 0; i < 30 && follower.cursor() !== head; i++) outcomes.push(await follower.step());
    assert.equal(follower.cursor(), head, JSON.stringify(outcomes));
    const advanced = outcomes.filter((o) => o.kind === 'advanced');
    assert.ok(
      outcomes.some((o) => o.kind === 'failed' && /max block range/.test(o.reason)),
      'refused first',
    );
    assert.ok(
      advanced.every((o) => o.to - o.from + 1 <= 2),
      'then asked at most 2 blocks at once',
    );
    // Every block from the watch's baseline to the head, once, in order.
    assert.deepEqual(
      advanced.flatMap((o) => Array.from({ length: o.to - o.from + 1 }, (_, k) => o.from + k)),
      Array.from({ length: 9 }, (_, k) => head - 8 + k),
    );
    // The values the baseline lacked were read as baseline, not reported as changes.
    assert.deepEqual(events, []);

    // Rate-limited: the step fails, nothing moves, the next one goes on.
    await devnet.request({ jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] });
    refuseNext = 1;
    const limited = await follower.step();
    assert.equal(limited.kind, 'failed');
    assert.equal(follower.cursor(), head);
    const resumed = await follower.step();
    assert.equal(resumed.kind, 'advanced');
    assert.equal(follower.cursor(), head + 1);
    assert.equal((await repository.liveOn('LOCAL'))[0]!.lastCheckedBlock, head + 1);
  });

  it("reads a known Uniswap V2 pair's supply only in a range where the pair logged, and sees liquidity pulled", async () => {
    const token = devnet.tokens.find((t) => t.behaviour === 'plain')!;
    const send = async (method: string, params: unknown[]) =>
      ((await devnet.request({ jsonrpc: '2.0', id: 1, method, params })) as { result: string }).result;
    const getPair = `0xe6a43905${token.address.slice(2).toLowerCase().padStart(64, '0')}${devnet.contracts.weth.slice(2).toLowerCase().padStart(64, '0')}`;
    const pair = `0x${(await send('eth_call', [{ to: devnet.contracts.factory, data: getPair }, 'latest'])).slice(-40)}`;
    const head = Number(BigInt(await send('eth_blockNumber', [])));
    const repository = createWatchRepository(store.db);
    const plan = buildWatchPlan({
      token: token.address.toLowerCase(),
      proxy: false,
      storage: [],
      powers: null,
      pair,
      accounts: [],
      locks: [],
      sourceNote: null,
    });
    const supply = BigInt(await send('eth_call', [{ to: pair, data: '0x18160ddd' }, 'latest'])).toString();
    await repository.insert({
      id: 'w-pair',
      accountId: 'a1',
      token: token.address.toLowerCase(),
      network: 'LOCAL',
      chain: 'evm',
      webhookUrl: null,
      email: null,
      dashboard: true,
      webhookSecret: null,
      baseline: { plan, values: { 'pair:totalSupply()': supply }, locks: {}, verdict: null, decimals: 18 },
      verdict: null,
      createdAt: 'now',
      lastCheckedBlock: head,
    });
    // Which accounts each batch reads a slot of (the reader override names them).
    const overridden: string[][] = [];
    const inner = inProcessJsonRpc((payload) => devnet.request(payload));
    const rpc = {
      roundTrips: inner.roundTrips,
      send: async (calls: Parameters<typeof inner.send>[0]) => {
        overridden.push(calls.flatMap((c) => (c.method === 'eth_call' && c.params[2] ? Object.keys(c.params[2] as object) : [])));
        return inner.send(calls);
      },
    };
    const events: WatchEvent[] = [];
    const follower = createFollower({
      network: 'LOCAL',
      rpc,
      repository,
      deliveries: { enqueue: async (event) => void events.push(event) },
      resimulate: async () => null,
      confirmations: 0,
      multicall: devnet.contracts.multicall,
    });
    const mine = () => devnet.request({ jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] });
    await follower.step(); // its place (and the pair's code)
    await mine();
    assert.equal((await follower.step()).kind, 'advanced');
    assert.ok(overridden.flat().includes(pair.toLowerCase()), 'read once with a new layout');
    overridden.length = 0;
    await mine();
    assert.equal((await follower.step()).kind, 'advanced');
    assert.ok(!overridden.flat().includes(pair.toLowerCase()), 'a pair that logged nothing is not read');
    assert.equal(overridden.length, 2, 'two round trips');
    overridden.length = 0;
    await actOnToken(devnet, token.symbol, 'pull-liquidity');
    const outcome = await follower.step();
    assert.equal(outcome.kind, 'advanced');
    assert.ok(overridden.flat().includes(pair.toLowerCase()), 'the pair logged: read');
    assert.equal(overridden.length, 3, 'in a third round trip');
    assert.deepEqual(
      events.map((e) => e.kind),
      ['liquidity-removed'],
    );
    await repository.remove('w-pair', 'a1', 'now');
  });
});
