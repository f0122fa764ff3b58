import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { chainDetails } from '../chain/chain-details.ts';
import { artifactsKey, BUNDLED_ARTIFACTS, compileContracts } from './compile-contracts.ts';
import { startDevnet, type Devnet } from './devnet.ts';
import { createEdrProvider, RpcResponseError } from './edr-provider.ts';
import { SAMPLE_BEHAVIOURS } from './sample-tokens.ts';
import { serveDevnet } from './serve-devnet.ts';
import { readFile } from 'node:fs/promises';
import { createTestApp } from '../testing/test-app.ts';
import { devnetRpcRoutes } from '../api/routes/devnet-rpc.ts';
import { RPC_POLICY_ERRORS } from './rpc-policy.ts';

let devnet: Devnet;
const dataDir = `/tmp/scopeward-devnet-test-${process.pid}`;
before(async () => {
  devnet = await startDevnet({ dataDir });
});
after(() => devnet.close());

describe('devnet', () => {
  it('deploys one token per behaviour at the addresses the spec lists for LOCAL', () => {
    assert.deepEqual(
      devnet.tokens.map((t) => t.behaviour),
      [...SAMPLE_BEHAVIOURS],
    );
    const local = chainDetails('LOCAL');
    assert.equal(local?.wrappedNative?.address, devnet.contracts.weth);
    assert.equal(local?.stablecoins[0]?.address, devnet.contracts.stablecoin);
    assert.equal(local?.dexes[0]?.factory, devnet.contracts.factory);
    assert.equal(local?.dexes[0]?.router, devnet.contracts.router);
    assert.equal(local?.multicall3, devnet.contracts.multicall);
    assert.deepEqual(
      local?.lockers.map((l) => l.address),
      [devnet.contracts.locker, devnet.contracts.lpLocker, devnet.contracts.vaultLocker],
    );
  });

  it('is rebuilt identically: same block hash at the same height', async () => {
    const other = await startDevnet({ dataDir });
    const block = { jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: ['latest', false] };
    const a = (await devnet.request(block)) as { result: { hash: string; number: string } };
    const b = (await other.request(block)) as { result: { hash: string; number: string } };
    assert.equal(a.result.number, b.result.number);
    assert.equal(a.result.hash, b.result.hash);
    assert.deepEqual(other.tokens, devnet.tokens);
  });

  it('answers JSON-RPC objects and batches as a node does', async () => {
    const batch = (await devnet.request([
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
      { jsonrpc: '2.0', id: 'x', method: 'no_such_method', params: [] },
      42,
    ])) as { id: unknown; result?: unknown; error?: { code: number } }[];
    assert.deepEqual(batch[0], { jsonrpc: '2.0', id: 1, result: '0x7a69' });
    assert.equal(batch[1]?.id, 'x');
    assert.ok(batch[1]?.error);
    assert.equal(batch[2]?.error?.code, -32600);
    await assert.rejects(devnet.provider.request({ method: 'no_such_method' }), RpcResponseError);
  });

  it('publishes verified sources except for the unverified token', async () => {
    for (const token of devnet.tokens) {
      const source = await devnet.verifiedSources.getSource('LOCAL', token.address);
      if (token.behaviour === 'unverified') assert.equal(source, null);
      else assert.match(Object.values(source?.sources ?? {})[0] ?? '', /pragma solidity/);
    }
    const router = await devnet.verifiedSources.getSource('LOCAL', devnet.contracts.router);
    assert.equal(router?.compilerVersion, 'v0.6.6+commit.6c089d02');
    assert.ok(router?.sources['contracts/UniswapV2Router02.sol']);
    assert.equal(await devnet.verifiedSources.getSource('BSC', devnet.contracts.router), null);
  });

  it('serves JSON-RPC over HTTP and answers a parse error for garbage', async () => {
    const server = await serveDevnet(devnet, { port: 0 });
    try {
      const ok = await fetch(`${server.url}/rpc`, {
        method: 'POST',
        body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'eth_chainId' }),
      });
      assert.deepEqual(await ok.json(), { jsonrpc: '2.0', id: 3, result: '0x7a69' });
      const bad = await fetch(server.url, { method: 'POST', body: '{not json' });
      assert.equal(((await bad.json()) as { error: { code: number } }).error.code, -32700);
      assert.equal((await fetch(server.url)).status, 405);
    } finally {
      await server.close();
    }
  });

  it("refuses an outside caller's nested batch on /rpc: cheat codes inside it never reach the node", async () => {
    const t = await createTestApp({
      plugins: [async (app) => app.register(devnetRpcRoutes, { request: (payload) => devnet.request(payload), loopbackHost: true })],
    });
    try {
      const honeypot = devnet.tokens.find((tk) => tk.behaviour === 'honeypot')!.address;
      const codeOf = async () =>
        ((await devnet.request({ jsonrpc: '2.0', id: 1, method: 'eth_getCode', params: [honeypot, 'latest'] })) as { result: string })
          .result;
      const before = await codeOf();
      const head = async () =>
        ((await devnet.request({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] })) as { result: string }).result;
      const headBefore = await head();
      const nested = [
        [
          { jsonrpc: '2.0', id: 1, method: 'hardhat_setCode', params: [honeypot, '0x00'] },
          { jsonrpc: '2.0', id: 2, method: 'evm_mine', params: [] },
          { jsonrpc: '2.0', id: 3, method: 'hardhat_setBalance', params: [honeypot, '0xffffffffffff'] },
        ],
      ];
      const res = await t.app.inject({ method: 'POST', url: '/rpc', payload: nested, remoteAddress: '203.0.113.9' });
      assert.equal(res.statusCode, 200);
      const answer = res.json() as { error?: { code: number } }[];
      assert.equal(answer.length, 1);
      assert.equal(answer[0]?.error?.code, RPC_POLICY_ERRORS.invalidRequest);
      assert.equal(await codeOf(), before);
      assert.equal(await head(), headBefore);
    } finally {
      await t.close();
    }
  });

  it('lets a transaction use more gas than the 16.7M per-transaction cap', async () => {
    const chain = await createEdrProvider({ accounts: [devnet.accounts.alice.privateKey] });
    const hash = await chain.request({
      method: 'eth_sendTransaction',
      params: [{ from: devnet.accounts.alice.address, to: devnet.accounts.bob.address, gas: '0x1c9c380', value: '0x1' }],
    });
    assert.match(String(hash), /^0x[0-9a-f]{64}$/);
  });
});

describe('devnet contracts', () => {
  it('commits artifacts that match the current sources (regenerate: node --import tsx src/devnet/compile-contracts.ts)', async () => {
    const bundled = JSON.parse(await readFile(BUNDLED_ARTIFACTS, 'utf8')) as { key: string; sources: Record<string, string> };
    const current = await compileContracts({ noBundle: false });
    assert.equal(current.compiled, false, 'bundled artifacts are stale');
    assert.equal(bundled.key, artifactsKey(current.sources));
  });

  it('prints the sample tokens with devnet --list --json', () => {
    const out = spawnSync(process.execPath, ['bin/scopeward.js', 'devnet', '--list', '--json'], {
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: dataDir },
    });
    assert.equal(out.status, 0, out.stderr);
    const tokens = JSON.parse(out.stdout) as Record<string, string>[];
    // The embedded Solana network's mints follow (network SOL; src/solana tests them).
    assert.deepEqual(
      tokens.filter((t) => t.network !== 'SOL'),
      devnet.tokens.map(({ name, symbol, address, behaviour }) => ({ name, symbol, address, behaviour })),
    );
    assert.ok(tokens.some((t) => t.network === 'SOL' && t.behaviour === 'sol-plain'));
  });
});
