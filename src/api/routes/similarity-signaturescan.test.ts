import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { createAccessGate, type AccessGate } from '../access.ts';
import { createApiKey, createApiKeyVerifier } from '../../keys/api-key-repository.ts';
import { createRateLimiter } from '../../limits/rate-limiter.ts';
import { DEFAULT_NODE_MODULES } from '../../corpus/build-corpus-index.ts';
import { createStoredCorpusService } from '../../corpus/corpus-service.ts';
import { openTestStore, type TestStore } from '../../testing/test-stores.ts';
import { similarityRoutes, sourcesFromText } from './similarity.ts';
import { createSimilarityPool } from '../../corpus/similarity-pool.ts';
import { MESSAGES } from '../../interface/messages.ts';
import { signaturescanRoutes } from './signaturescan.ts';

const pairPath = join(DEFAULT_NODE_MODULES, '@uniswap/v2-core/contracts/UniswapV2Pair.sol');
const pair = readFileSync(pairPath, 'utf8');
const VERIFIED = '0x00000000000000000000000000000000000000aa';

describe('Similarityscan and Signaturescan routes', () => {
  let app: FastifyInstance;
  let store: TestStore;
  let admin: string;
  let user: string;
  // The comparisons run in the worker pool, as in the server.
  const pool = createSimilarityPool({ threads: 1 });
  let gate: AccessGate;
  let corpus: ReturnType<typeof createStoredCorpusService>;

  before(async () => {
    store = await openTestStore();
    const rateLimiter = createRateLimiter({ pointsPerWindow: 30 });
    gate = createAccessGate({ db: store.db, verifyApiKey: createApiKeyVerifier(store), rateLimiter });
    corpus = createStoredCorpusService(store, {
      packages: [{ installedAs: '@uniswap/v2-core', origin: 'uniswap', dirs: ['contracts'] }],
    });
    const getVerifiedSource = async (network: string, address: string) =>
      network === 'ETH' && address.toLowerCase() === VERIFIED ? { 'contracts/Pair.sol': pair } : null;
    app = await buildApp({
      store,
      rateLimiter,
      networks: { devnet: false },
      plugins: [
        async (i) => i.register(similarityRoutes, { gate, networks: { devnet: false }, corpus, getVerifiedSource, compare: pool.compare }),
        async (i) => i.register(signaturescanRoutes, { gate, signatures: corpus.signatures }),
      ],
    });
    admin = (await createApiKey(store.db, { name: 'ops', scope: 'admin' })).key;
    user = (await createApiKey(store.db, { name: 'u' })).key;
  });
  after(async () => {
    await app.close();
    await pool.close();
    await store.dispose();
  });

  it('a search past its time limit is ended and answered 503 naming the similarity worker', async () => {
    const quick = createSimilarityPool({ threads: 1, timeoutMs: 1 });
    const limited = await buildApp({
      store,
      rateLimiter: createRateLimiter({ pointsPerWindow: 30 }),
      networks: { devnet: false },
      plugins: [async (i) => i.register(similarityRoutes, { gate, networks: { devnet: false }, corpus, compare: quick.compare })],
    });
    try {
      const res = await limited.inject({
        method: 'POST',
        url: '/api/search/similarity',
        payload: { type: 'source', source: `${pair}\n`.repeat(100) },
        headers: { 'x-api-key': user },
      });
      assert.equal(res.statusCode, 503, res.body);
      assert.equal(res.json().meta.source, 'similarity');
      assert.match(res.json().meta.reason, /time limit/);
    } finally {
      await limited.close();
      await quick.close();
    }
  });

  const post = (url: string, payload: unknown, key?: string) =>
    app.inject({ method: 'POST', url, payload: payload as object, headers: key ? { 'x-api-key': key } : {} });

  it('type source: a renamed copy of the Uniswap pair matches it, offsets into the returned source', async () => {
    const source = pair.replace(/UniswapV2Pair/g, 'MoonPair');
    const response = await post('/api/search/similarity', { type: 'source', source });
    assert.equal(response.statusCode, 200);
    const body = response.json();
    assert.equal(body.source, source);
    const match = body.contracts.find((c: { name: string }) => c.name === 'MoonPair');
    assert.equal(match.origin, 'uniswap');
    assert.equal(match.file, '@uniswap/v2-core@1.0.1/contracts/UniswapV2Pair.sol');
    assert.equal(match.score, 1);
    assert.ok(source.slice(match.start, match.end).includes('function swap('));
    assert.equal(body.ranks[0].file, match.file);
    assert.ok(response.headers['ratelimit-remaining'] !== undefined);
  });

  it('type address: the verified source is fetched; unverified, bad address and bad network are refused', async () => {
    const ok = await post('/api/search/similarity', { type: 'address', address: VERIFIED, network: 'ETH' });
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.json().contracts[0].name, 'UniswapV2Pair');
    const byChainId = await post('/api/search/similarity', { type: 'address', address: VERIFIED, chainId: 1 });
    assert.equal(byChainId.statusCode, 200);
    const unverified = await post('/api/search/similarity', {
      type: 'address',
      address: '0x00000000000000000000000000000000000000bb',
      network: 'ETH',
    });
    assert.deepEqual([unverified.statusCode, unverified.json()], [404, { message: MESSAGES.similarity.notVerified }]);
    assert.deepEqual((await post('/api/search/similarity', { type: 'address', address: 'nope', network: 'ETH' })).json(), {
      message: 'Invalid Address',
    });
    assert.deepEqual((await post('/api/search/similarity', { type: 'address', address: VERIFIED, network: 'NOPE' })).json(), {
      message: 'Invalid Network',
    });
  });

  it('bad requests get clear messages; an invalid key gets 403 Invalid API_KEY', async () => {
    const cases: [unknown, number, string][] = [
      [{}, 400, MESSAGES.similarity.badType],
      [{ type: 'file' }, 400, MESSAGES.similarity.badType],
      [{ type: 'source' }, 400, MESSAGES.similarity.sourceRequired],
      [{ type: 'source', source: '   ' }, 400, MESSAGES.similarity.sourceRequired],
      [{ type: 'source', source: '/* only a comment */' }, 400, 'source is empty: no Solidity code found'],
      [null, 400, MESSAGES.similarity.badType],
      [{ type: 'source', source: 12 }, 400, MESSAGES.similarity.sourceRequired],
      // The address first, then its network; a chain id given as text is not a chain id.
      [{ type: 'address', address: 'nope', network: 'NOPE' }, 400, 'Invalid Address'],
      [{ type: 'address', address: VERIFIED, chainId: '56' }, 400, 'Invalid Network'],
      [{ type: 'address', address: VERIFIED, network: null }, 400, 'Invalid Network'],
    ];
    for (const [payload, status, message] of cases) {
      const response = await post('/api/search/similarity', payload, user);
      assert.deepEqual([response.statusCode, response.json()], [status, { message }], JSON.stringify(payload));
    }
    const badKey = await post('/api/search/similarity', { type: 'source', source: pair }, 'not-a-key');
    assert.deepEqual([badKey.statusCode, badKey.json()], [403, { message: 'Invalid API_KEY' }]);
  });

  it('signaturescan: text and hash lookups return the same record; malformed q is a 400', async () => {
    const byText = await post('/api/signaturescan', { q: 'swap(uint256 amount0Out, uint256 amount1Out, address to, bytes data)' });
    assert.equal(byText.statusCode, 200);
    const [record] = byText.json();
    assert.equal(record.name, 'swap(uint256,uint256,address,bytes)');
    assert.deepEqual(record.types, ['function']);
    assert.ok(record.total >= 1);
    assert.deepEqual((await post('/api/signaturescan', { q: record.hash })).json(), [record]);
    assert.deepEqual((await post('/api/signaturescan', { q: record.signature })).json(), [record]);
    const event = (await post('/api/signaturescan', { q: 'Sync(uint112,uint112)' })).json();
    assert.deepEqual(event[0].types, ['event']);
    assert.deepEqual((await post('/api/signaturescan', { q: '0x12' })).statusCode, 400);
    assert.deepEqual((await post('/api/signaturescan', {})).json(), { message: 'q is required' });
    assert.deepEqual((await post('/api/signaturescan', { q: null })).json(), { message: MESSAGES.signaturescan.queryRequired });
    assert.deepEqual((await post('/api/signaturescan', { q: 12 })).json(), { message: MESSAGES.signaturescan.queryNotText });
    assert.equal((await post('/api/signaturescan', { q: 'balanceOf(' })).statusCode, 400);
    assert.equal((await post('/api/signaturescan', { q: 'swap(uint256,uint256,address,bytes)' }, 'bad')).statusCode, 403);
  });

  it('admin: operator sources and signature dumps, admin key only', async () => {
    assert.equal((await post('/admin/corpus', { label: 'x', origin: 'y', source: pair }, user)).statusCode, 403);
    assert.equal((await post('/admin/corpus', { label: 'x', origin: 'y', source: pair })).statusCode, 401);
    const added = await post('/admin/corpus', { label: 'Known scam pair', origin: 'scam-template', source: pair }, admin);
    assert.equal(added.statusCode, 201);
    const listed = await app.inject({ method: 'GET', url: '/admin/corpus', headers: { 'x-api-key': admin } });
    assert.ok(listed.json().items.some((d: { file: string }) => d.file === 'Known scam pair'));
    assert.equal((await post('/admin/corpus', { label: 'bad', origin: 'Bad Origin', source: pair }, admin)).statusCode, 400);
    const removed = await app.inject({ method: 'DELETE', url: '/admin/corpus?label=Known%20scam%20pair', headers: { 'x-api-key': admin } });
    assert.deepEqual(removed.json(), { removed: true });
    const dump = await app.inject({
      method: 'POST',
      url: '/admin/signatures',
      payload: 'rugPull(address)\nbroken(',
      headers: { 'x-api-key': admin, 'content-type': 'text/plain' },
    });
    assert.deepEqual(dump.json(), { read: 1, added: 1, rejected: [{ at: 2, reason: 'unbalanced parentheses' }] });
    assert.equal((await post('/api/signaturescan', { q: 'rugPull(address)' })).json()[0].total, 0);
  });

  it('reads multi-file standard JSON sources', () => {
    const json = JSON.stringify({
      language: 'Solidity',
      sources: { 'a.sol': { content: 'contract A {}' }, 'b.sol': { content: 'contract B {}' } },
    });
    assert.deepEqual(sourcesFromText(json), { 'a.sol': 'contract A {}', 'b.sol': 'contract B {}' });
    assert.deepEqual(sourcesFromText(`{${json}}`), { 'a.sol': 'contract A {}', 'b.sol': 'contract B {}' });
    assert.deepEqual(sourcesFromText('contract A {}'), { 'source.sol': 'contract A {}' });
  });
});
