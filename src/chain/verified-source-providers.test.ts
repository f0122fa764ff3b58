/**
 * Sourcify and explorer adapters against a local HTTP server replaying those services'
 * real response formats (fixtures in __fixtures__/).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createExplorerSourceProvider } from './explorer-source-provider.ts';
import { createSourcifySourceProvider } from './sourcify-source-provider.ts';
import { VerifiedSourceError } from './verified-source.ts';

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');
const VERIFIED = '0x1F98431c8aD98523631AE4a59f267346ea31F984';
let server: Server;
let base = '';
const seen: string[] = [];

before(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    seen.push(url.pathname + url.search);
    const reply = (status: number, body: string) => res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    if (url.pathname.startsWith('/sourcify/v2/contract/1/')) {
      if (url.pathname.endsWith(VERIFIED)) return reply(200, fixture('sourcify-contract.json'));
      if (url.pathname.endsWith('bad')) return reply(200, '<html>');
      return reply(404, fixture('sourcify-not-found.json'));
    }
    const address = url.searchParams.get('address') ?? url.searchParams.get('contractaddresses') ?? '';
    if (url.pathname === '/api' && url.searchParams.get('action') === 'getcontractcreation')
      return reply(200, fixture('explorer-getcontractcreation.json'));
    if (url.pathname === '/api' && address.endsWith('01')) return reply(200, fixture('explorer-getsourcecode-standard-json.json'));
    if (url.pathname === '/api' && address.endsWith('02')) return reply(200, fixture('explorer-getsourcecode-single-file.json'));
    if (url.pathname === '/api' && address.endsWith('03')) return reply(200, fixture('explorer-getsourcecode-unverified.json'));
    if (url.pathname === '/api' && address.endsWith('04')) return reply(200, fixture('explorer-rate-limit.json'));
    if (url.pathname.startsWith('/slow')) return; // never answers
    reply(500, '{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('Sourcify provider', () => {
  it('returns the multi-file source map, compiler and settings of a verified contract', async () => {
    const sourcify = createSourcifySourceProvider({ baseUrl: `${base}/sourcify` });
    const source = await sourcify.getSource('ETH', VERIFIED);
    assert.equal(source?.contractName, 'UniswapV3Factory');
    assert.equal(source?.compilerVersion, 'v0.7.6+commit.7338295f');
    assert.deepEqual(source?.optimizer, { enabled: true, runs: 800 });
    assert.equal(source?.evmVersion, 'istanbul');
    assert.equal(source?.license, 'BUSL-1.1');
    assert.equal(source?.match, 'full');
    assert.equal(source?.mainSourcePath, 'contracts/UniswapV3Factory.sol');
    assert.deepEqual(Object.keys(source?.sources ?? {}).sort(), ['contracts/NoDelegateCall.sol', 'contracts/UniswapV3Factory.sol']);
  });

  it('answers null for an unverified contract and a network without chain id, and a typed error for garbage', async () => {
    const sourcify = createSourcifySourceProvider({ baseUrl: `${base}/sourcify` });
    assert.equal(await sourcify.getSource('ETH', '0x0000000000000000000000000000000000000Bad0'), null);
    assert.equal(await sourcify.getSource('SOL', VERIFIED), null);
    await assert.rejects(sourcify.getSource('ETH', '0xbad'), VerifiedSourceError);
  });

  it('times out with a typed error', async () => {
    const sourcify = createSourcifySourceProvider({ baseUrl: `${base}/slow`, timeoutMs: 200 });
    await assert.rejects(
      sourcify.getSource('ETH', VERIFIED),
      (e: unknown) => e instanceof VerifiedSourceError && /timed out/.test(e.message),
    );
  });
});

describe('explorer provider', () => {
  const explorer = () => createExplorerSourceProvider({ apiUrlFor: () => `${base}/api`, apiKey: 'secret-key' });

  it('unwraps double-brace standard JSON into a source map with settings', async () => {
    const source = await explorer().getSource('BSC', '0x0000000000000000000000000000000000000001');
    assert.equal(source?.contractName, 'Token');
    assert.deepEqual(Object.keys(source?.sources ?? {}), ['contracts/Token.sol', 'contracts/Ownable.sol']);
    assert.equal(source?.mainSourcePath, 'contracts/Token.sol');
    assert.deepEqual(source?.optimizer, { enabled: true, runs: 200 });
    assert.equal(source?.evmVersion, 'paris');
    assert.equal(source?.license, 'MIT');
    assert.deepEqual(source?.settings, { optimizer: { enabled: true, runs: 200 }, evmVersion: 'paris' });
    assert.ok(seen.some((s) => s.includes('apikey=secret-key')));
  });

  it('reads a single-file verification, its proxy implementation and "None" license', async () => {
    const source = await explorer().getSource('BSC', '0x0000000000000000000000000000000000000002');
    assert.deepEqual(Object.keys(source?.sources ?? {}), ['BEP20Token.sol']);
    assert.equal(source?.compilerVersion, 'v0.5.16+commit.9c3226ce');
    assert.equal(source?.optimizer.enabled, false);
    assert.equal(source?.evmVersion, null);
    assert.equal(source?.license, '');
    assert.equal(source?.proxyImplementation, '0xba5fe23f8a3a24bed3236f05f2fcf35fd0bf0b5c');
  });

  it('answers null when unverified and a typed error when rate-limited', async () => {
    assert.equal(await explorer().getSource('BSC', '0x0000000000000000000000000000000000000003'), null);
    await assert.rejects(
      explorer().getSource('BSC', '0x0000000000000000000000000000000000000004'),
      (e: unknown) => e instanceof VerifiedSourceError && /rate limit/.test(e.message),
    );
  });

  it('reads the contract creator and transaction', async () => {
    const creation = await explorer().getContractCreation('ETH', '0xB8c77482e45F1F44dE1745F52C74426C631bDD52');
    assert.deepEqual(creation, {
      creator: '0x00c5e04176d95a286fcce0e68c683ca0bfec8454',
      txHash: '0xb8b7a1a8f8f2c3b6f5ddc2f4f7a9f1d6b8f7e3b7f5b8c2e3d4a5b6c7d8e9f0a1',
    });
  });

  it('uses Etherscan V2 with a key and the network explorer API without one', () => {
    const urls: string[] = [];
    const fetchFn = (async (url: string | URL | Request) => {
      urls.push(String(url));
      return new Response(fixture('explorer-getsourcecode-unverified.json'));
    }) as typeof fetch;
    return Promise.all([
      createExplorerSourceProvider({ apiKey: 'k', env: {}, fetchFn }).getSource('BSC', '0x0000000000000000000000000000000000000003'),
      createExplorerSourceProvider({ env: {}, fetchFn }).getSource('BASE', '0x0000000000000000000000000000000000000003'),
    ]).then(() => {
      assert.ok(urls.some((u) => u.startsWith('https://api.etherscan.io/v2/api?chainid=56&')));
      assert.ok(urls.some((u) => u.startsWith('https://api.basescan.org/api?')));
    });
  });
});
