import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sampleToken, startDevnet, type Devnet } from '../devnet/devnet.ts';
import { serveDevnet, type DevnetServer } from '../devnet/serve-devnet.ts';
import { forgetForkState, forkStateCache } from './fork-state-cache.ts';
import { simulateToken } from './simulate-token.ts';
import { TAX_ERRORS } from './simulation-types.ts';

let devnet: Devnet;
let server: DevnetServer;
let rpcCalls = 0;

before(async () => {
  devnet = await startDevnet({ dataDir: mkdtempSync(join(tmpdir(), 'sim-devnet-')) });
  server = await serveDevnet(
    {
      request: (payload) => {
        rpcCalls += 1;
        return devnet.request(payload);
      },
    },
    { port: 0 },
  );
});
after(async () => {
  await server.close();
  await devnet.close();
});

const onDevnet = (behaviour: Parameters<typeof sampleToken>[1], extra: Partial<Parameters<typeof simulateToken>[0]> = {}) =>
  simulateToken({ network: 'LOCAL', token: sampleToken(devnet, behaviour).address, rpc: { provider: devnet.provider }, ...extra });

test('the plain token trades at 0/0/0 with gas for each step and leaves the devnet as it was', async () => {
  const blockBefore = await devnet.provider.request({ method: 'eth_blockNumber' });
  const r = await onDevnet('plain');
  assert.deepEqual(
    { ...r.taxes, buyGas: 0, sellGas: 0, transferGas: 0 },
    { buyTax: 0, sellTax: 0, transferTax: 0, buyGas: 0, sellGas: 0, transferGas: 0, error: '' },
  );
  for (const gas of [r.taxes.buyGas, r.taxes.sellGas, r.taxes.transferGas]) assert.ok(gas > 21_000 && gas < 300_000, String(gas));
  assert.equal(r.mode, 'snapshot');
  assert.equal(r.pool?.pair !== undefined, true);
  const kinds = r.evidence.map((s) => s.step);
  for (const k of ['find-pool', 'buy', 'transfer', 'sell', 'sell-after-blocks', 'holder-transfer', 'max-buy'])
    assert.ok(kinds.includes(k as never), k);
  assert.equal(r.confirmations.cooldown, false);
  assert.equal(r.confirmations.sellAgain, true);
  assert.equal(r.confirmations.balanceDrift, false);
  assert.equal(r.confirmations.maxBuy?.limited, false);
  assert.equal(await devnet.provider.request({ method: 'eth_blockNumber' }), blockBefore);
});

test('the fee token shows its exact 5% on buy, transfer and sell, and setFees raises it', async () => {
  const r = await onDevnet('fee');
  assert.equal(r.taxes.buyTax, 5);
  assert.equal(r.taxes.transferTax, 5);
  assert.equal(r.taxes.sellTax, 5);
  assert.equal(r.taxes.error, '');
  const fees = r.confirmations.setFees;
  assert.ok(fees?.confirmed, fees?.reason);
  assert.equal(fees.call, 'setFees(uint256)');
  // MAX_FEE_BPS is 2500: the highest value the owner may set is 25%.
  assert.match(fees.reason, /transfer tax is 25%/);
});

test("the honeypot cannot be sold, and the token's own revert reason is kept", async () => {
  const r = await onDevnet('honeypot');
  assert.equal(r.taxes.error, 'SELL_FAILED');
  assert.equal(r.taxes.sellTax, null);
  assert.equal(r.taxes.sellGas, 0);
  assert.equal(r.taxes.buyTax, 0);
  assert.match(r.reason, /Transfer failed/);
  const sells = r.evidence.filter((s) => s.step === 'sell' || s.step === 'sell-after-blocks');
  assert.ok(sells.length >= 2 && sells.every((s) => !s.ok));
  assert.equal(r.confirmations.cooldown, false);
});

test('the blacklist token trades, but fails once the owner blacklists the holder on the fork; a blacklisted holder cannot transfer', async () => {
  const r = await onDevnet('blacklist');
  assert.equal(r.taxes.error, '');
  const b = r.confirmations.blacklist;
  assert.ok(b?.confirmed, b?.reason);
  assert.equal(b.call, 'blacklist(address,bool)');
  assert.ok(b.error === 'TRANSFER_FAILED' || b.error === 'SELL_FAILED', b.error);
  assert.ok(
    b.evidence.some((s) => !s.ok && /Blacklisted/.test(s.reason ?? '')),
    JSON.stringify(b.evidence),
  );
  const carol = r.confirmations.holders.find((h) => h.holder === devnet.accounts.carol.address);
  assert.deepEqual(carol && { ok: carol.ok, reason: carol.reason }, { ok: false, reason: 'Blacklisted' });
  assert.ok(r.confirmations.holders.some((h) => h.ok));
});

test('owner confirmations: mint is confirmed, the renounced token has no owner to act', async () => {
  const mint = await onDevnet('mint', { confirm: ['mint', 'pause'] });
  assert.ok(mint.confirmations.mint?.confirmed, mint.confirmations.mint?.reason);
  assert.equal(mint.confirmations.pause?.confirmed, false);
  assert.equal(mint.confirmations.blacklist, null);
  const renounced = await onDevnet('renounced', { confirm: ['mint'] });
  assert.equal(renounced.confirmations.mint?.call, null);
  assert.match(renounced.confirmations.mint?.reason ?? '', /no owner/);
});

test('the proxy and unverified tokens simulate through their bytecode alone', async () => {
  for (const behaviour of ['proxy', 'unverified'] as const) {
    const r = await onDevnet(behaviour, { confirm: [] });
    assert.deepEqual([r.taxes.buyTax, r.taxes.sellTax, r.taxes.transferTax, r.taxes.error], [0, 0, 0, ''], behaviour);
  }
});

test('bad addresses and tokens without a pool get the spec error values, never a rejection', async () => {
  const cases: [string, string][] = [
    ['not-an-address', 'INVALID_TOKEN_ADDRESS'],
    [devnet.accounts.alice.address, 'INVALID_TOKEN_ADDRESS'],
    [devnet.contracts.factory, 'INVALID_TOKEN_ADDRESS'],
    [devnet.fixtures.bytes32Token, 'POOL_NOT_FOUND'],
  ];
  for (const [token, error] of cases) {
    const r = await simulateToken({ network: 'LOCAL', token, rpc: { provider: devnet.provider } });
    assert.equal(r.taxes.error, error, `${token}: ${r.reason}`);
    assert.ok(TAX_ERRORS.includes(r.taxes.error as never));
    assert.ok(r.reason.length > 0);
    assert.deepEqual([r.taxes.buyTax, r.taxes.buyGas], [null, 0]);
  }
  const unknown = await simulateToken({ network: 'NOPE', token: devnet.contracts.weth, rpc: { provider: devnet.provider } });
  assert.equal(unknown.taxes.error, 'UNCAUGHT_ERROR');
});

test('the wall-clock cap stops a simulation with UNCAUGHT_ERROR, and the next one still runs', async () => {
  const r = await onDevnet('plain', { timeoutMs: 1 });
  assert.equal(r.taxes.error, 'UNCAUGHT_ERROR');
  assert.match(r.reason, /wall-clock cap of 1 ms/);
  const next = await onDevnet('fee', { confirm: [] });
  assert.equal(next.taxes.buyTax, 5);
});

test('fork mode: a fork of the devnet over loopback JSON-RPC gives the same truths', async () => {
  const before = rpcCalls;
  // Truths, not speed: a generous wall cap, so a loaded machine cannot turn them into UNCAUGHT_ERROR.
  const fee = await simulateToken({
    network: 'LOCAL',
    token: sampleToken(devnet, 'fee').address,
    rpc: { url: server.url },
    confirm: [],
    timeoutMs: 60_000,
  });
  assert.equal(fee.mode, 'fork');
  assert.deepEqual([fee.taxes.buyTax, fee.taxes.transferTax, fee.taxes.sellTax, fee.taxes.error], [5, 5, 5, '']);
  assert.ok(rpcCalls > before, 'the fork read state from the loopback node');
  const honey = await simulateToken({
    network: 'LOCAL',
    token: sampleToken(devnet, 'honeypot').address,
    rpc: { url: server.url },
    confirm: [],
    timeoutMs: 60_000,
  });
  assert.equal(honey.taxes.error, 'SELL_FAILED');
  const dead = await simulateToken({ network: 'LOCAL', token: sampleToken(devnet, 'fee').address, rpc: { url: 'http://127.0.0.1:1' } });
  assert.equal(dead.taxes.error, 'UNCAUGHT_ERROR');
  assert.match(dead.reason, /cannot fork/);
});

test('fork mode learns the state in a handful of batched round trips, where EDR alone needs hundreds, and the next simulation of the block reuses it', async () => {
  const token = sampleToken(devnet, 'fee').address;
  const lazy = await simulateToken({
    network: 'LOCAL',
    token,
    rpc: { url: server.url },
    confirm: [],
    maxBuy: false,
    lazyFork: true,
    timeoutMs: 60_000,
  });
  forgetForkState(server.url);
  const batched = await simulateToken({ network: 'LOCAL', token, rpc: { url: server.url }, confirm: [], maxBuy: false, timeoutMs: 60_000 });
  // Gas differs by a few units between runs: fresh accounts have different zero bytes in calldata.
  assert.deepEqual(batched.taxes, {
    ...lazy.taxes,
    buyGas: batched.taxes.buyGas,
    sellGas: batched.taxes.sellGas,
    transferGas: batched.taxes.transferGas,
  });
  assert.deepEqual([batched.taxes.buyTax, batched.taxes.transferTax, batched.taxes.sellTax], [5, 5, 5]);
  assert.ok(lazy.roundTrips > 100, `lazy fork: ${lazy.roundTrips} round trips`);
  assert.ok(batched.roundTrips <= 20, `batched fork: ${batched.roundTrips} round trips`);
  // Nothing a discovery pass assumed leaked into the cache: every answer is the node's own.
  const cached = forkStateCache(server.url).list();
  assert.ok(cached.length > 50, `${cached.length} answers cached`);
  for (const { call, answer } of cached) {
    if (!/^eth_get(Balance|TransactionCount|Code|StorageAt)$/.test(call.method)) continue;
    const real = (await devnet.request({ jsonrpc: '2.0', id: 1, method: call.method, params: call.params })) as { result: string };
    const value = (v: unknown) => (call.method === 'eth_getCode' ? v : BigInt(String(v)));
    assert.equal(value('result' in answer ? answer.result : null), value(real.result), `${call.method} ${JSON.stringify(call.params)}`);
  }
  const again = await simulateToken({ network: 'LOCAL', token, rpc: { url: server.url }, confirm: [], maxBuy: false, timeoutMs: 60_000 });
  assert.equal(again.taxes.sellTax, 5);
  assert.ok(again.roundTrips < batched.roundTrips, `cached: ${again.roundTrips} vs ${batched.roundTrips} round trips`);
});

test('fork mode on a node without debug methods, and on a remote too slow for the cap: truths, then a timely error value', async () => {
  const plainNode = await serveDevnet(
    {
      request: (payload) => {
        const items = Array.isArray(payload) ? payload : [payload];
        const answers = items.map((item: { id?: unknown; method?: string }) =>
          item.method?.startsWith('debug_')
            ? Promise.resolve({ jsonrpc: '2.0', id: item.id ?? null, error: { code: -32601, message: 'the method does not exist' } })
            : devnet.request(item),
        );
        return Promise.all(answers).then((a) => (Array.isArray(payload) ? a : a[0]));
      },
    },
    { port: 0 },
  );
  try {
    const honey = await simulateToken({
      network: 'LOCAL',
      token: sampleToken(devnet, 'honeypot').address,
      rpc: { url: plainNode.url },
      confirm: [],
      maxBuy: false,
      timeoutMs: 60_000,
    });
    assert.equal(honey.taxes.error, 'SELL_FAILED');
    assert.ok(honey.roundTrips <= 20, `${honey.roundTrips} round trips`);
  } finally {
    await plainNode.close();
  }
  forgetForkState(server.url);
  const started = performance.now();
  const slow = await simulateToken({
    network: 'LOCAL',
    token: sampleToken(devnet, 'plain').address,
    rpc: { url: server.url },
    remoteDelayMs: 600,
    timeoutMs: 1_000,
  });
  assert.equal(slow.taxes.error, 'UNCAUGHT_ERROR');
  assert.match(slow.reason, /wall-clock cap|cannot fork/);
  assert.ok(performance.now() - started < 5_000, `answered after ${Math.round(performance.now() - started)} ms`);
});

test('address mode explores the selector table as the owner read from chain state: blacklist and mint are shown by what they do', async () => {
  const black = await onDevnet('blacklist', { confirm: [], maxBuy: false });
  assert.ok(black.exploration, 'an exploration ran');
  const blocked = black.exploration.effects.find((e) => e.sellRestriction && e.caller);
  assert.ok(blocked, JSON.stringify(black.exploration.effects.map((e) => e.evidence)));
  assert.match(blocked.evidence, /blacklist\(holder, true\)/);
  assert.ok(black.exploration.privileged.some((p) => /getOwner\(\)|owner\(\)/.test(p.role)));
  const mint = await onDevnet('mint', { confirm: [], maxBuy: false });
  assert.ok(mint.exploration?.effects.some((e) => e.kind === 'minted' && e.function === 'mint'));
  // A proxy's implementation functions (EIP-1967 slot) are explored with the proxy's own.
  const proxy = await onDevnet('proxy', { confirm: [], maxBuy: false });
  assert.ok(
    proxy.exploration?.functions.some((f) => f.endsWith('(string,string,uint256,address)')),
    JSON.stringify(proxy.exploration?.functions),
  );
  // Its upgrade is what it is: the code replaced, not a mint or a burn read off whatever code came in.
  const upgrade = proxy.exploration?.effects.filter((e) => e.function === 'upgradeTo') ?? [];
  assert.deepEqual(
    upgrade.map((e) => e.kind),
    ['code-replaced'],
    JSON.stringify(proxy.exploration?.effects.map((e) => e.evidence)),
  );
  assert.match(upgrade[0]!.evidence, /implementation \(EIP-1967\) changed from 0x[0-9a-f]{40} to 0x[0-9a-f]{40}/);
  const plain = await onDevnet('plain', { confirm: [], maxBuy: false });
  assert.deepEqual(
    plain.exploration?.effects.filter((e) => e.sellRestriction),
    [],
  );
});

test('the bytecode exploration also runs on a fork through the batched prefetch, within 30 round trips', async () => {
  forgetForkState(server.url);
  const r = await simulateToken({
    network: 'LOCAL',
    token: sampleToken(devnet, 'blacklist').address,
    rpc: { url: server.url },
    timeoutMs: 60_000,
    confirm: [],
    maxBuy: false,
  });
  assert.equal(r.mode, 'fork');
  assert.ok(
    r.exploration?.effects.some((e) => e.sellRestriction),
    JSON.stringify(r.exploration),
  );
  assert.ok(r.roundTrips <= 30, `round trips ${r.roundTrips}`);
});
