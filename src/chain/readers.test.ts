/**
 * The readers against the devnet over real JSON-RPC (the loopback server, viem's HTTP
 * transport): each sample token's known truth, the proxy patterns, and bad input.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, it } from 'node:test';
import type { AddressInfo } from 'node:net';
import { startDevnet, sampleToken, type Devnet } from '../devnet/devnet.ts';
import { serveDevnet, type DevnetServer } from '../devnet/serve-devnet.ts';
import { createChainClient, type ChainClient } from './create-chain-client.ts';
import { ChainError } from './chain-errors.ts';
import { getContractCreation } from './get-contract-creation.ts';
import { getHolders } from './get-holders.ts';
import { getOwner } from './get-owner.ts';
import { getProxyTarget } from './get-proxy-target.ts';
import { getTokenMetadata } from './get-token-metadata.ts';
import { readContractContext } from './read-contract-context.ts';

let devnet: Devnet;
let server: DevnetServer;
let client: ChainClient;
const dataDir = `/tmp/scopeward-chain-test-${process.pid}`;

before(async () => {
  devnet = await startDevnet({ dataDir });
  server = await serveDevnet(devnet, { port: 0 });
  client = createChainClient('LOCAL', { rpcUrl: server.url });
});
after(async () => {
  await server.close();
  await devnet.close();
});

describe('readContractContext on every sample token', () => {
  it('matches each token’s known truth within 15 round trips', async () => {
    const { deployer } = devnet.accounts;
    for (const token of devnet.tokens) {
      const ctx = await readContractContext(createChainClient('LOCAL', { rpcUrl: server.url }), {
        address: token.address,
        sourceProviders: [devnet.verifiedSources],
      });
      const label = token.behaviour;
      assert.deepEqual(ctx.errors, {}, label);
      assert.equal(ctx.kind, 'contract', label);
      assert.equal(ctx.contract.symbol, token.symbol, label);
      assert.equal(ctx.token?.name, token.name, label);
      assert.equal(ctx.contract.decimals, label === 'blacklist' ? 9 : 18, label);
      assert.equal(ctx.contract.totalSupply, label === 'mint' ? 1_100_000 : label === 'unverified' ? 1_001_000 : 1_000_000, label);
      assert.equal(ctx.contract.deadAmount, 10_000, label);
      assert.equal(ctx.contract.renounced, label === 'renounced', label);
      assert.equal(
        ctx.contract.contractOwner,
        label === 'renounced' ? '0x0000000000000000000000000000000000000000' : deployer.address,
        label,
      );
      assert.equal(ctx.contract.proxy, label === 'proxy', label);
      assert.equal(ctx.contract.unverified, label === 'unverified', label);
      if (label !== 'unverified')
        assert.equal(ctx.verifiedSource?.contractName, label === 'proxy' ? 'ProxyToken' : ctx.contract.contractName, label);
      if (label === 'proxy') {
        assert.equal(ctx.proxy?.kind, 'eip1967');
        assert.equal(ctx.proxy?.implementation, devnet.fixtures.proxyImplementation);
        assert.equal(ctx.implementationSource?.contractName, 'ProxyTokenImplementation');
      }
      // Creation: the deployer, in a block with a real transaction.
      assert.equal(ctx.creation?.creator, deployer.address, label);
      assert.match(ctx.creation?.txHash ?? '', /^0x[0-9a-f]{64}$/, label);
      // One WETH pool from the devnet's Uniswap V2, worth about 2 × 10 ETH × $2,000.
      assert.equal(ctx.pools?.pairs.length, 1, label);
      const pair = ctx.pools?.pairs[0];
      assert.ok(pair && pair.worth > 40_000 && pair.worth < 48_000, `${label} worth ${pair?.worth}`);
      assert.equal(pair?.token, devnet.contracts.weth, label);
      assert.equal(ctx.pools?.dexes[0]?.router, devnet.contracts.router, label);
      assert.ok(Math.abs((ctx.pools?.nativeUsd ?? 0) - 2000) < 1, label);
      // Holders: deployer, dead, pair, alice, bob, carol, dave, the lock contract (+ vault, + fee wallet = deployer).
      const expectedHolders = label === 'plain' ? 9 : 8;
      assert.equal(ctx.holders?.total, expectedHolders, label);
      assert.ok(
        ctx.holders?.top.some((h) => h.address === devnet.accounts.carol.address),
        label,
      );
      // Locks: an LP lock and a vesting token lock in the PinkLock-style locker; the plain token also in the other two.
      const providers = (ctx.lockers ?? []).map((l) => `${l.provider}:${l.type}`).sort();
      assert.deepEqual(
        providers,
        label === 'plain' ? ['pinklock:lpv2', 'pinklock:token', 'teamfinance:token', 'unicrypt:lpv2'] : ['pinklock:lpv2', 'pinklock:token'],
        label,
      );
      const vesting = ctx.lockers?.find((l) => l.provider === 'pinklock' && l.type === 'token');
      assert.equal(vesting?.vest, true, label);
      assert.equal(vesting?.totalAmountLocked, 10_000, label);
      assert.equal(vesting?.vestPeriod, 30 * 86_400, label);
      assert.ok(ctx.rpc.requests <= 15, `${label}: ${ctx.rpc.requests} round trips`);
    }
  });

  it('sees the fee token’s fee and the honeypot’s missing sell in the holders', async () => {
    // Dave bought with 1 ETH: with a 5% fee he holds 95% of what the pool paid out.
    const fee = await getHolders(client, { address: sampleToken(devnet, 'fee').address, top: 20 });
    const plain = await getHolders(client, { address: sampleToken(devnet, 'plain').address, top: 20 });
    const daveFee = fee.top.find((h) => h.address === devnet.accounts.dave.address)?.balance ?? 0n;
    const davePlain = plain.top.find((h) => h.address === devnet.accounts.dave.address)?.balance ?? 0n;
    assert.ok(daveFee > 0n && davePlain > 0n);
    const ratio = Number((daveFee * 10_000n) / davePlain) / 10_000;
    assert.ok(ratio > 0.94 && ratio < 0.96, `fee ratio ${ratio}`);
    // Bob's sell went through everywhere except the honeypot: he holds 20,000 there, 19,000 elsewhere.
    const honey = await getHolders(client, { address: sampleToken(devnet, 'honeypot').address, top: 20 });
    const bobHoney = honey.top.find((h) => h.address === devnet.accounts.bob.address)?.balance;
    const bobPlain = plain.top.find((h) => h.address === devnet.accounts.bob.address)?.balance;
    assert.equal(bobHoney, 20_000n * 10n ** 18n);
    assert.equal(bobPlain, 19_000n * 10n ** 18n);
  });

  it('splits eth_getLogs ranges adaptively and still finds every holder', async () => {
    const whole = await getHolders(client, { address: sampleToken(devnet, 'mint').address });
    const split = await getHolders(client, { address: sampleToken(devnet, 'mint').address, maxBlockRange: 7n });
    assert.equal(split.total, whole.total);
    assert.deepEqual(split.top, whole.top);
    assert.ok(split.logRequests > 10);
  });
});

describe('proxy patterns', () => {
  it('follows EIP-1967 beacon, EIP-1822 and EIP-1167 proxies to their implementation', async () => {
    const f = devnet.fixtures;
    const beacon = await getProxyTarget(client, { address: f.beaconProxy });
    assert.deepEqual([beacon.kind, beacon.beacon, beacon.implementation], ['eip1967-beacon', f.beacon, f.plainImplementation]);
    const uups = await getProxyTarget(client, { address: f.uupsProxy });
    assert.deepEqual([uups.kind, uups.implementation], ['eip1822', f.proxyImplementation]);
    const clone = await getProxyTarget(client, { address: f.minimalProxy });
    assert.deepEqual([clone.kind, clone.implementation], ['eip1167', f.plainImplementation]);
    const plain = await getProxyTarget(client, { address: sampleToken(devnet, 'plain').address });
    assert.equal(plain.proxy, false);
  });
});

describe('bad input', () => {
  it('reads a bytes32 name and a missing decimals()', async () => {
    const meta = await getTokenMetadata(client, { address: devnet.fixtures.bytes32Token });
    assert.deepEqual(meta, { isErc20: true, name: 'Bytes32 Token', symbol: 'B32', decimals: null, totalSupply: 10n ** 24n });
  });

  it('answers no-code for an account, a self-destructed contract and an empty address', async () => {
    for (const address of [devnet.accounts.alice.address, devnet.fixtures.selfDestructed, '0x00000000000000000000000000000000000000aa']) {
      const ctx = await readContractContext(client, { address });
      assert.equal(ctx.kind, 'no-code');
      assert.equal(ctx.contract.error, 'no contract code at this address');
      assert.equal(ctx.creation, null);
    }
  });

  it('marks a non-ERC-20 contract and finds no owner there', async () => {
    const ctx = await readContractContext(client, { address: devnet.contracts.multicall, sourceProviders: [devnet.verifiedSources] });
    assert.equal(ctx.token?.isErc20, false);
    assert.equal(ctx.contract.error, 'not an ERC-20 token');
    assert.equal(ctx.contract.contractName, 'Multicall3');
    const owner = await getOwner(client, { address: devnet.contracts.multicall });
    assert.deepEqual(owner, { owner: null, renounced: false, source: null });
  });

  it('rejects an invalid address and an unknown network with typed errors', async () => {
    await assert.rejects(
      readContractContext(client, { address: '0x123' }),
      (e: unknown) => e instanceof ChainError && e.kind === 'invalid-address',
    );
    assert.throws(
      () => createChainClient('NOPE'),
      (e: unknown) => e instanceof ChainError && e.kind === 'unknown-network',
    );
  });

  it('gives typed errors, not hangs, for an RPC that times out, rate-limits or answers garbage', async () => {
    const behaviours: Record<string, (res: import('node:http').ServerResponse) => void> = {
      '/slow': () => {},
      '/limited': (res) => res.writeHead(429).end('{"error":"rate limited"}'),
      '/garbage': (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>oops</html>'),
    };
    const bad = createServer((req, res) => behaviours[req.url ?? '']?.(res));
    await new Promise<void>((r) => bad.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(bad.address() as AddressInfo).port}`;
    try {
      const options = { timeoutMs: 300, retryCount: 1, retryDelayMs: 10 };
      const expectations: [string, string][] = [
        ['/slow', 'timeout'],
        ['/limited', 'rate-limit'],
        ['/garbage', 'bad-response'],
      ];
      for (const [path, kind] of expectations) {
        const c = createChainClient('LOCAL', { rpcUrl: `${base}${path}`, ...options });
        await assert.rejects(
          readContractContext(c, { address: sampleToken(devnet, 'plain').address }),
          (e: unknown) => e instanceof ChainError && e.kind === kind,
          path,
        );
      }
    } finally {
      bad.closeAllConnections();
      await new Promise<void>((r) => bad.close(() => r()));
    }
  });

  it('finds creation by binary search with any fan-out', async () => {
    const token = sampleToken(devnet, 'proxy').address;
    const wide = await getContractCreation(client, { address: token });
    const narrow = await getContractCreation(client, { address: token, fanout: 2 });
    assert.equal(narrow?.blockNumber, wide?.blockNumber);
    assert.equal(narrow?.txHash, wide?.txHash);
  });
});
