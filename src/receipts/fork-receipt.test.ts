/**
 * A fork-mode receipt (issue 33): the honeypot simulated on a fork of the devnet served over
 * JSON-RPC records the fork's block; the replay forks the same block through the same URL
 * and reproduces every call. An RPC that cannot serve the block gets the words.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sampleToken, startDevnet, type Devnet } from '../devnet/devnet.ts';
import { serveDevnet, type DevnetServer } from '../devnet/serve-devnet.ts';
import { simulateToken } from '../simulate/simulate-token.ts';
import { buildReceiptBody } from './receipt.ts';
import { signBody } from './receipt-keys.ts';
import { replayReceipt } from './replay-receipt.ts';

let devnet: Devnet;
let server: DevnetServer;

before(async () => {
  devnet = await startDevnet({ dataDir: mkdtempSync(join(tmpdir(), 'fork-receipt-')) });
  server = await serveDevnet({ request: (payload) => devnet.request(payload) }, { port: 0 });
});
after(async () => {
  await server.close();
  await devnet.close();
});

test('a fork receipt names the fork block and replays on a fork of it; an RPC without the block cannot replay it', async () => {
  const token = sampleToken(devnet, 'honeypot').address;
  const result = await simulateToken({ network: 'LOCAL', token, rpc: { url: server.url }, timeoutMs: 20_000 });
  assert.equal(result.mode, 'fork');
  assert.equal(result.taxes.error, 'SELL_FAILED', result.reason);
  const body = await buildReceiptBody({ result, network: 'LOCAL', chainId: 31337, token, issuer: 'test', issuedAt: new Date() });
  assert.ok(body);
  const head = (await devnet.provider.request({ method: 'eth_getBlockByNumber', params: ['latest', false] })) as {
    number: string;
    hash: string;
  };
  assert.deepEqual(
    [body.environment.mode, body.environment.block.number, body.environment.block.hash],
    ['fork', Number(BigInt(head.number)), head.hash],
  );
  const { privateKey } = generateKeyPairSync('ed25519');
  const { receipt } = signBody(body, 'test-key', privateKey);

  const replay = await replayReceipt(receipt, { rpcUrl: server.url });
  assert.equal(replay.status, 'reproduced', JSON.stringify(replay));

  const nowhere = await replayReceipt(receipt, { rpcUrl: 'http://127.0.0.1:9/' }, { timeoutMs: 10_000 });
  assert.equal(nowhere.status, 'cannot replay');
  assert.match(nowhere.status === 'cannot replay' ? nowhere.reason : '', /^cannot replay: block not available at this RPC/);

  // A block the RPC has, but not the receipt's: its hash differs.
  const other = {
    ...receipt,
    environment: { ...receipt.environment, block: { ...receipt.environment.block, hash: `0x${'ab'.repeat(32)}` } },
  };
  const wrong = await replayReceipt(other, { rpcUrl: server.url });
  assert.match(
    wrong.status === 'cannot replay' ? wrong.reason : '',
    /^cannot replay: block not available at this RPC \(block \d+ there is 0x/,
  );
});
