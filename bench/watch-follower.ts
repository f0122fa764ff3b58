/**
 * The watch follower on the devnet (issue 32):
 *
 * 1. Latency: a watch on the fee token; the owner raises the fee; one block confirms it.
 *    Time from the confirming block to the stored event (the re-simulation included), and
 *    how many blocks after the owner's transaction, beside the re-simulation alone
 *    (a forced scan of the token) measured in the same run. Target: ≤ 2 blocks, ≤ 2 s.
 * 2. Scale: N watched tokens (default 10 000; copies of the fee token's code and state at
 *    N addresses, each with its own copy of the fee token's Uniswap V2 pair, as N real
 *    tokens have N pools; `--shared-pair` gives them all the one pair, as before
 *    2026-11-28) followed block after block: blocks a second, JSON-RPC round trips a block
 *    and memory (the process's RSS, and the JS heap, sampled every 10 ms while following),
 *    beside the node's time to answer the same reads as one batch item each, measured in
 *    the same run (the baseline; the follower folds them into Multicall3 calls).
 *    Targets: ≥ 1 block/s, ≤ 3 round trips a block, ≤ 300 MB.
 *
 *   node --expose-gc --import tsx bench/watch-follower.ts [--tokens 10000] [--blocks 5] [--shared-pair]
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import type { Hex } from 'viem';
import { createScanFixture } from '../src/testing/scan-fixture.ts';
import { verifiedSourceLookup } from '../src/scan/scan-dependencies.ts';
import { compileSolidity } from '../src/compile/compile-solidity.ts';
import { analyzeSources } from '../src/analysis/analyze.ts';
import { inProcessJsonRpc } from '../src/watch/json-rpc-batch.ts';
import { createWatchRepository, type Baseline } from '../src/watch/watch-repository.ts';
import { createWatchService, verdictSnapshot } from '../src/watch/watch-service.ts';
import { createFollower } from '../src/watch/follower.ts';
import { buildWatchPlan } from '../src/watch/watch-plan.ts';
import { decodeValue, readCall } from '../src/watch/read-values.ts';
import { actOnToken } from '../src/devnet/owner-actions.ts';
import type { WatchEvent } from '../src/interface/schemas/watches.ts';

const { values: args } = parseArgs({
  options: {
    tokens: { type: 'string', default: '10000' },
    blocks: { type: 'string', default: '5' },
    'shared-pair': { type: 'boolean', default: false },
  },
});
const TOKENS = Number(args.tokens);
const BLOCKS = Number(args.blocks);
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

const f = await createScanFixture({}, { RPC_URL_ETH: 'http://127.0.0.1:9/x', RPC_URL_SOL: 'http://127.0.0.1:9/x' });
const request = (payload: unknown) => f.devnet.request(payload);
const send = async (method: string, params: unknown[] = []) =>
  ((await request({ jsonrpc: '2.0', id: 1, method, params })) as { result: unknown }).result;
await f.store.db
  .insertInto('accounts')
  .values({
    id: 'bench',
    email: 'bench@example.org',
    password_hash: 'x',
    role: 'user',
    created_at: 'now',
    verified_at: 'now',
    password_changed_at: 'now',
  })
  .execute();
const repository = createWatchRepository(f.store.db);
const fee = f.devnet.tokens.find((t) => t.behaviour === 'fee')!;

// --- 1. latency ---
{
  const rpc = inProcessJsonRpc(request);
  const service = createWatchService({
    repository,
    scans: f.scans,
    networks: { devnet: true },
    rpc: () => rpc,
    verifiedSource: verifiedSourceLookup({ sourceProviders: () => [f.devnet.verifiedSources] }),
    compile: async (sources) => compileSolidity(sources),
    tokenPowers: async (sources, contract) => analyzeSources(sources).tokenPowers.find((p) => p.contract === contract),
  });
  await service.create('bench', { token: fee.address, network: 'LOCAL' });
  const events: WatchEvent[] = [];
  const follower = createFollower({
    network: 'LOCAL',
    rpc,
    repository,
    deliveries: { enqueue: async (event) => void events.push(event) },
    resimulate: async (watch) => verdictSnapshot(await f.scans.scan({ network: watch.network, address: watch.token, force: true })),
    confirmations: 1,
    multicall: f.devnet.contracts.multicall,
  });
  await follower.step();
  const acted = await actOnToken(f.devnet, 'FEE', 'raise-fee');
  await follower.step(); // the owner's block is not confirmed yet
  await send('evm_mine');
  const confirmedAt = performance.now();
  const confirming = Number(BigInt((await send('eth_blockNumber')) as string));
  while (events.length === 0) await follower.step();
  const latencyMs = performance.now() - confirmedAt;
  const t0 = performance.now();
  await f.scans.scan({ network: 'LOCAL', address: fee.address, force: true });
  const resimulateMs = performance.now() - t0;
  console.log(`latency: event "${events[0]!.summary}"`);
  console.log(
    `  owner tx in block ${acted.blockNumber}, confirmed by block ${confirming} (${confirming - acted.blockNumber + 1} blocks incl. the tx's), event ${Math.round(latencyMs)} ms after the confirming block` +
      ` (target ≤ 2 blocks, ≤ 2000 ms); re-simulation alone ${Math.round(resimulateMs)} ms: ratio ${(latencyMs / resimulateMs).toFixed(2)}`,
  );
}

// --- 2. scale ---
{
  // N copies of the fee token: its code, and its storage slots (owner, fee, supply) at N addresses.
  const sources = (await verifiedSourceLookup({ sourceProviders: () => [f.devnet.verifiedSources] })('LOCAL', fee.address))!;
  const storage = compileSolidity(sources).contracts.find((c) => c.name === 'FeeToken')!.storage;
  const powers = analyzeSources(sources).tokenPowers.find((p) => p.contract === 'FeeToken')!;
  const code = (await send('eth_getCode', [fee.address, 'latest'])) as Hex;
  const slots = storage
    .filter((s) => !s.type.startsWith('t_mapping') && !s.type.startsWith('t_string'))
    .map((s) => `0x${BigInt(s.slot).toString(16)}`);
  const slotValues = await Promise.all(slots.map((slot) => send('eth_getStorageAt', [fee.address, slot, 'latest'])));
  const addresses = Array.from({ length: TOKENS }, (_, i) => `0x${(0x5000000000n + BigInt(i)).toString(16).padStart(40, '0')}`);
  const setup = performance.now();
  for (let i = 0; i < addresses.length; i += 1000) {
    const batch = addresses
      .slice(i, i + 1000)
      .flatMap((address) => [
        { jsonrpc: '2.0', id: 0, method: 'hardhat_setCode', params: [address, code] },
        ...slots.map((slot, k) => ({ jsonrpc: '2.0', id: 0, method: 'hardhat_setStorageAt', params: [address, slot, slotValues[k]] })),
      ]);
    await request(batch);
  }
  // The fee token's pool (WETH/FEE on the devnet's Uniswap V2), copied beside each token unless --shared-pair.
  const pair = '0x1250e911f53b4502c30a43e51510d2038ed99c0b';
  const pairCode = (await send('eth_getCode', [pair, 'latest'])) as Hex;
  const pairSlots = Array.from({ length: 13 }, (_, k) => `0x${k.toString(16)}`);
  const pairValues = await Promise.all(pairSlots.map((slot) => send('eth_getStorageAt', [pair, slot, 'latest'])));
  const pairs = args['shared-pair']
    ? addresses.map(() => pair)
    : addresses.map((_, i) => `0x${(0x6000000000n + BigInt(i)).toString(16).padStart(40, '0')}`);
  if (!args['shared-pair'])
    for (let i = 0; i < pairs.length; i += 1000)
      await request(
        pairs.slice(i, i + 1000).flatMap((address) => [
          { jsonrpc: '2.0', id: 0, method: 'hardhat_setCode', params: [address, pairCode] },
          ...pairSlots.map((slot, k) => ({
            jsonrpc: '2.0',
            id: 0,
            method: 'hardhat_setStorageAt',
            params: [address, slot, pairValues[k]],
          })),
        ]),
      );
  const accountsOf = (i: number) => [
    { name: 'pair', address: pairs[i]! },
    { name: 'router', address: f.devnet.contracts.router },
    { name: 'holder', address: f.devnet.accounts.alice.address },
  ];
  const head = Number(BigInt((await send('eth_blockNumber')) as string));
  const tag: Hex = `0x${head.toString(16)}`;
  await f.store.db.deleteFrom('watches').execute();
  for (let i = 0; i < addresses.length; i += 500) {
    const rows = [];
    for (const [k, token] of addresses.slice(i, i + 500).entries()) {
      const plan = buildWatchPlan({
        token,
        proxy: false,
        storage,
        powers,
        pair: pairs[i + k]!,
        accounts: accountsOf(i + k),
        locks: [],
        sourceNote: null,
      });
      const answers = await inProcessJsonRpc(request).send(plan.values.map((v) => readCall(v, tag)));
      const values: Record<string, string | null> = {};
      plan.values.forEach((v, j) => (values[v.key] = decodeValue(v, answers[j])));
      const baseline: Baseline = { plan, values, locks: {}, verdict: null, decimals: 18 };
      rows.push({
        id: `w${i + k}`,
        account_id: 'bench',
        token,
        network: 'LOCAL',
        chain: 'evm',
        webhook_url: null,
        email: null,
        dashboard: 1,
        webhook_secret: null,
        baseline: JSON.stringify(baseline),
        last_checked_block: head,
        verdict: null,
        created_at: 'now',
        deleted_at: null,
      });
    }
    await f.store.db.insertInto('watches').values(rows).execute();
  }
  const setupMs = performance.now() - setup;
  const watched = await repository.liveOn('LOCAL');
  const reads = watched.reduce((n, w) => n + w.baseline.plan.values.length, 0);
  const views = watched.reduce((n, w) => n + w.baseline.plan.values.filter((v) => v.read.type === 'call').length, 0);
  console.log(
    `scale: ${TOKENS} watched tokens, ${args['shared-pair'] ? 'one pair for all' : 'a pair each'}, ${reads} values read a block, ${views} of them planned as view calls (set up in ${Math.round(setupMs / 1000)} s)`,
  );

  const rpc = inProcessJsonRpc(request);
  const events: WatchEvent[] = [];
  const follower = createFollower({
    network: 'LOCAL',
    rpc,
    repository,
    deliveries: { enqueue: async (event) => void events.push(event) },
    resimulate: async () => null,
    confirmations: 0,
    multicall: f.devnet.contracts.multicall,
  });
  // The follower's memory counts from before it loaded its watches (the first step does).
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed + before.external;
  // Sampled while steps run (a peak inside a step is what the process must have room for).
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed + m.external);
  }, 10);
  await follower.step(); // the cursor (and the pools' code)
  // The first block lays the reads out (kept while the watches stay the same) and reads every pool once: timed apart.
  await send('evm_mine');
  const t1 = performance.now();
  if ((await follower.step()).kind !== 'advanced') throw new Error('first step');
  const firstMs = performance.now() - t1;
  let followMs = 0;
  const tripsBefore = rpc.roundTrips();
  for (let b = 0; b < BLOCKS; b++) {
    // A new block: every watched value is read at it.
    await send('evm_mine');
    const t = performance.now();
    const outcome = await follower.step();
    followMs += performance.now() - t;
    if (outcome.kind !== 'advanced') throw new Error(`step ${b}: ${JSON.stringify(outcome)}`);
  }
  clearInterval(sampler);
  // What the follower keeps between blocks (its watches, the layout of its reads, hashes), after a collection; the peak above adds a block's garbage.
  global.gc?.();
  const after = process.memoryUsage();
  const held = after.heapUsed + after.external - before.heapUsed - before.external;
  const trips = (rpc.roundTrips() - tripsBefore) / BLOCKS;
  // Baseline: the node answering the same reads of one block as one batch item each (no Multicall3, no override), nothing else.
  const headNow: Hex = `0x${Number(BigInt((await send('eth_blockNumber')) as string)).toString(16)}`;
  // The values as the plan of 2026-11-27 read them (owner() and the supplies as view calls), one item each.
  const calls = watched.flatMap((w) =>
    buildWatchPlan({
      token: w.token,
      proxy: false,
      storage,
      powers: { ...powers, views: {} },
      pair: pairs[Number(w.id.slice(1))]!, // bench watch ids are w<index>
      accounts: accountsOf(Number(w.id.slice(1))),
      locks: [],
      sourceNote: null,
    }).values.map((v) => readCall(v, headNow)),
  );
  const t = performance.now();
  await inProcessJsonRpc(request).send(calls);
  const nodeMs = performance.now() - t;
  const perBlock = followMs / BLOCKS;
  console.log(
    `  follower: ${(1000 / perBlock).toFixed(2)} blocks/s (${Math.round(perBlock)} ms a block; target ≥ 1), ${trips.toFixed(1)} round trips a block (target ≤ 3), ` +
      `first block ${Math.round(firstMs)} ms (its reads laid out, every pool read once); ` +
      `process RSS ${mb(peakRss)} MB (devnet in the same process; +${mb(peakRss - before.rss)} MB from before the follower loaded its watches; target ≤ 300 MB), ` +
      `JS heap and buffers +${mb(peakHeap - before.heapUsed - before.external)} MB at the peak, +${mb(held)} MB still held after the last block${global.gc ? '' : ' (run with --expose-gc for these figures)'}`,
  );
  console.log(
    `  baseline: the node answers the ${calls.length} reads in ${Math.round(nodeMs)} ms: follower/node ratio ${(perBlock / nodeMs).toFixed(2)}; events ${events.length} (none expected)`,
  );
}
await f.close();
