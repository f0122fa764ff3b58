import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sampleToken, startDevnet, type Devnet } from '../devnet/devnet.ts';
import { serveDevnet, type DevnetServer } from '../devnet/serve-devnet.ts';
import { ForkStateCache } from './fork-state-cache.ts';
import { startRpcProxy } from './rpc-proxy.ts';

let devnet: Devnet;
let server: DevnetServer;

before(async () => {
  devnet = await startDevnet({ dataDir: mkdtempSync(join(tmpdir(), 'proxy-devnet-')) });
  server = await serveDevnet(devnet, { port: 0 });
});
after(async () => {
  await server.close();
  await devnet.close();
});

async function post(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return response.json();
}

test('speculative reads cost no round trip, one batch fetches them, and the cache then answers with the node’s values', async () => {
  const proxy = await startRpcProxy(server.url, { cache: new ForkStateCache() });
  try {
    const block = (await devnet.provider.request({ method: 'eth_blockNumber' })) as string;
    const token = sampleToken(devnet, 'plain').address.toLowerCase();
    proxy.pinnedBlock = BigInt(block);
    proxy.speculative = true;
    const reads = [
      { jsonrpc: '2.0', id: 7, method: 'eth_getCode', params: [token, block] },
      { jsonrpc: '2.0', id: 8, method: 'eth_getStorageAt', params: [token, '0x2', block] },
      { jsonrpc: '2.0', id: 9, method: 'eth_blockNumber', params: [] },
    ];
    const guessed = (await post(proxy.url, reads)) as { id: number; result: string }[];
    assert.deepEqual(
      guessed.map((a) => [a.id, a.result]),
      [
        [7, '0x'],
        [8, `0x${'0'.repeat(64)}`],
        [9, block],
      ],
    );
    assert.equal(proxy.roundTrips(), 0);
    assert.equal(proxy.misses().length, 2);
    await proxy.fetch(proxy.misses());
    assert.equal(proxy.roundTrips(), 1, 'the misses went in one batch');
    proxy.clearMisses();
    const real = (await post(proxy.url, reads.slice(0, 2))) as { result: string }[];
    assert.equal(real[0]!.result, await devnet.provider.request({ method: 'eth_getCode', params: [token, block] }));
    assert.equal(real[1]!.result, await devnet.provider.request({ method: 'eth_getStorageAt', params: [token, '0x2', block] }));
    assert.notEqual(real[0]!.result, '0x');
    assert.equal(proxy.roundTrips(), 1, 'answered from the cache');
    assert.equal(proxy.misses().length, 0);
    // Anything else (a call, a tag) goes to the node.
    const call = (await post(proxy.url, { jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [token, 'latest'] })) as {
      result: string;
    };
    assert.match(call.result, /^0x/);
    assert.equal(proxy.roundTrips(), 2);
  } finally {
    await proxy.close();
  }
});

test('a node that refuses batches: every call gets its error, nothing is cached, and the read is not assumed empty again', async () => {
  const noBatches = await serveDevnet(
    {
      request: (payload) =>
        Array.isArray(payload)
          ? Promise.resolve({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'batch requests are not allowed' } })
          : devnet.request(payload),
    },
    { port: 0 },
  );
  const cache = new ForkStateCache();
  const proxy = await startRpcProxy(noBatches.url, { cache });
  try {
    const block = (await devnet.provider.request({ method: 'eth_blockNumber' })) as string;
    const token = sampleToken(devnet, 'fee').address.toLowerCase();
    const calls = [
      { method: 'eth_getCode', params: [token, block] },
      { method: 'eth_getBalance', params: [token, block] },
    ];
    const answers = await proxy.fetch(calls);
    assert.deepEqual(
      answers.map((a) => ('error' in a ? a.error.message : 'result')),
      ['batch requests are not allowed', 'batch requests are not allowed'],
    );
    assert.equal(cache.size, 0);
    proxy.speculative = true;
    const one = (await post(proxy.url, { jsonrpc: '2.0', id: 1, method: 'eth_getCode', params: [token, block] })) as { result: string };
    assert.notEqual(one.result, '0x', 'forwarded one by one, not guessed');
    assert.equal(proxy.misses().length, 0);
  } finally {
    await proxy.close();
    await noBatches.close();
  }
});

test('an unreachable remote is an error answer, never a hang or a rejection', async () => {
  const proxy = await startRpcProxy('http://127.0.0.1:1', { cache: new ForkStateCache(), timeoutMs: 2_000 });
  try {
    const answer = (await post(proxy.url, { jsonrpc: '2.0', id: 3, method: 'eth_chainId', params: [] })) as {
      id: number;
      error: { message: string };
    };
    assert.equal(answer.id, 3);
    assert.match(answer.error.message, /^upstream:/);
    const garbage = await fetch(proxy.url, { method: 'POST', body: 'not json' });
    assert.equal(((await garbage.json()) as { error: { code: number } }).error.code, -32600);
  } finally {
    await proxy.close();
  }
});
