import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { createChainClient } from '../chain/create-chain-client.ts';
import type { ContractContext } from '../chain/read-contract-context.ts';
import { runMarketSource } from './market-source.ts';

const servers: Server[] = [];
after(async () => {
  for (const s of servers) s.closeAllConnections();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

/** The chain context fields the market source reads, with one V2 pool. */
function context(pools: ContractContext['pools']): ContractContext {
  return { address: '0x97035c149c7DD28664096E0c3f3176A0a6b297A7', contract: { decimals: 18 }, pools } as unknown as ContractContext;
}

const onePool = {
  pairs: [
    {
      address: '0x0000000000000000000000000000000000000001',
      factory: '',
      tokenPrimary: '0x97035c149c7DD28664096E0c3f3176A0a6b297A7',
      token: '0xbfd8F7DD6fAE7AA629863B0feF243f0cdc06D5d1',
      worth: 1,
      reserve0: 1,
      reserve1: 1,
      price0: 1,
      price1: 1,
      v3Fee: 0,
      reversed: false,
      version: 'v2',
      dex: 'Uniswap V2',
    },
  ],
  tokens: [],
  dexes: [],
  nativeUsd: 2000,
  priceUsd: 1,
  nativePair: null,
} as unknown as ContractContext['pools'];

describe('the marketHistory source', () => {
  it('is skipped, with the reason, for a token without pools', async () => {
    const client = createChainClient('LOCAL', { rpcUrl: 'http://127.0.0.1:9/' });
    const none = await runMarketSource(client, context(null), 'LOCAL', undefined, 1_000);
    assert.deepEqual([none.report.status, none.report.reason], ['skipped', 'the pools could not be read']);
    const empty = await runMarketSource(client, context({ ...onePool!, pairs: [] }), 'LOCAL', undefined, 1_000);
    assert.deepEqual([empty.report.status, empty.report.reason], ['skipped', 'the token has no pool to measure']);
  });

  it('answers within its time limit when the node never answers', async () => {
    const server = createServer(() => {}); // accepts, never responds
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = createChainClient('LOCAL', { rpcUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, retryCount: 0 });
    const started = performance.now();
    const outcome = await runMarketSource(client, context(onePool), 'LOCAL', undefined, 300);
    assert.ok(performance.now() - started < 2_000);
    assert.equal(outcome.value, null);
    assert.equal(outcome.report.status, 'timeout');
    assert.deepEqual(outcome.report.fields, ['tradingVolume', 'price30', 'price60']);
  });

  it('fails with the node’s error when the head cannot be read', async () => {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        // What a provider's gateway answers over its quota: HTTP 429 with a plain-text body.
        res.writeHead(429, { 'content-type': 'text/plain', 'retry-after': '60' });
        res.end('Too Many Requests');
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = createChainClient('LOCAL', { rpcUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, retryCount: 0 });
    const outcome = await runMarketSource(client, context(onePool), 'LOCAL', undefined, 5_000);
    assert.equal(outcome.report.status, 'failed');
    assert.match(outcome.report.reason ?? '', /rate limit/i);
  });
});
