import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { upsertAudits } from '../../audits/audit-repository.ts';
import { createApiKey, revokeApiKey } from '../../keys/api-key-repository.ts';
import type { AuditRecord } from '../../interface/schemas/audit-record.ts';

const USDT = '0x55d398326f99059fF775485246999027B3197955';
const record: AuditRecord = {
  slug: 'tether-bsc',
  name: 'Tether USD',
  createdAt: '2024-01-02T03:04:05.000Z',
  reportFile: 'https://reports.example.org/tether.pdf',
  reportUrl: 'https://reports.example.org/tether',
  finishedAt: '2024-01-09T00:00:00.000Z',
  address: USDT.toLowerCase(),
  network: 'BSC',
};

describe('GET /api/audits/search-by-address', () => {
  let t: TestApp;
  let key: string;
  before(async () => {
    t = await createTestApp();
    await upsertAudits(t.store.db, [record, { ...record, slug: 'tether-eth', network: 'ETH', finishedAt: '2024-02-01T00:00:00.000Z' }]);
    key = (await createApiKey(t.store.db, { name: 'test' })).key;
  });
  after(() => t.close());

  const get = (query: string, headers: Record<string, string> = { 'x-api-key': key }) =>
    t.app.inject({ method: 'GET', url: `/api/audits/search-by-address${query}`, headers });

  it('finds the audit on the default network (BSC) with exactly the eight record fields', async () => {
    const res = await get(`?address=${USDT}`);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), record);
  });

  it('ignores the letter case of the address', async () => {
    assert.equal((await get(`?address=${USDT.toLowerCase()}`)).statusCode, 200);
    assert.equal((await get(`?address=0x${USDT.slice(2).toUpperCase()}`)).statusCode, 200);
  });

  it('selects the network by symbol or by chain id', async () => {
    assert.equal((await get(`?address=${USDT}&network=ETH`)).json().slug, 'tether-eth');
    assert.equal((await get(`?address=${USDT}&chainId=1`)).json().slug, 'tether-eth');
    assert.equal((await get(`?address=${USDT}&chainId=56`)).json().slug, 'tether-bsc');
    assert.equal((await get(`?address=${USDT}&network=eth`)).json().slug, 'tether-eth');
  });

  it('accepts network and chainId together when they agree, refuses them when they do not', async () => {
    assert.equal((await get(`?address=${USDT}&network=ETH&chainId=1`)).statusCode, 200);
    const res = await get(`?address=${USDT}&network=ETH&chainId=56`);
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), { message: 'Invalid network' });
  });

  it('answers 404 Address not found for an address with no audit', async () => {
    const res = await get(`?address=0x${'1'.repeat(40)}`);
    assert.equal(res.statusCode, 404);
    assert.deepEqual(res.json(), { message: 'Address not found' });
    // A network operation 1 lists but with no audit stored for the address.
    assert.equal((await get(`?address=${USDT}&network=MATIC`)).statusCode, 404);
  });

  const cases: Array<[string, string]> = [
    ['', 'Address is required'],
    ['?address=', 'Address is required'],
    ['?network=BSC', 'Address is required'],
    ['?address=0x123', 'invalid address'],
    [`?address=${USDT}0`, 'invalid address'],
    ['?address=0xZZd398326f99059fF775485246999027B3197955', 'invalid address'],
    [`?address=${USDT.slice(2)}`, 'invalid address'],
    [`?address=${USDT}&address=${USDT}`, 'invalid address'],
    [`?address=${'0x' + 'a'.repeat(5000)}`, 'invalid address'],
    ['?address=%F0%9F%92%A90x55d398326f99059fF775485246999027B319795', 'invalid address'],
    [`?address=${USDT}&network=NOPE`, 'Invalid network'],
    [`?address=${USDT}&network=`, 'Invalid network'],
    [`?address=${USDT}&network=LINEA`, 'Invalid network'],
    [`?address=${USDT}&network=LOCAL`, 'Invalid network'],
    [`?address=${USDT}&network=BSC&network=ETH`, 'Invalid network'],
    [`?address=${USDT}&chainId=1e3`, 'Invalid chainId'],
    [`?address=${USDT}&chainId=56.0`, 'Invalid chainId'],
    [`?address=${USDT}&chainId=0x38`, 'Invalid chainId'],
    [`?address=${USDT}&chainId=-56`, 'Invalid chainId'],
    [`?address=${USDT}&chainId=`, 'Invalid chainId'],
    [`?address=${USDT}&chainId=999999999999999999999`, 'Invalid chainId'],
    [`?address=${USDT}&chainId=59144`, 'Invalid chainId'],
    [`?address=${USDT}&chainId=56&chainId=56`, 'Invalid chainId'],
  ];
  for (const [query, message] of cases) {
    it(`answers 400 "${message}" for ${query.slice(0, 80) || '(no query)'}`, async () => {
      const res = await get(query);
      assert.equal(res.statusCode, 400);
      assert.deepEqual(res.json(), { message });
    });
  }

  it('refuses an invalid, malformed or revoked key with 403 Invalid API_KEY', async () => {
    for (const bad of ['nope', `sw_${'A'.repeat(43)}`, 'x'.repeat(10_000)]) {
      const res = await get(`?address=${USDT}`, { 'x-api-key': bad });
      assert.equal(res.statusCode, 403);
      assert.deepEqual(res.json(), { message: 'Invalid API_KEY' });
    }
    const revoked = await createApiKey(t.store.db, { name: 'old' });
    await revokeApiKey(t.store.db, revoked.id);
    const res = await get(`?address=${USDT}`, { 'x-api-key': revoked.key });
    assert.equal(res.statusCode, 403);
  });

  it('hides internals of a server failure behind Internal server error', async () => {
    const broken = await createTestApp();
    await broken.store.close();
    const res = await broken.app.inject({ method: 'GET', url: `/api/audits/search-by-address?address=${USDT}` });
    assert.equal(res.statusCode, 500);
    assert.deepEqual(res.json(), { message: 'Internal server error' });
    await broken.app.close();
  });
});

describe('rate limit of the audit lookup', () => {
  it('lets 5 keyless calls a minute through, then answers 429 with Retry-After; a key is never limited', async () => {
    const t = await createTestApp();
    try {
      const key = (await createApiKey(t.store.db, { name: 'unlimited' })).key;
      const url = `/api/audits/search-by-address?address=${USDT}`;
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({ method: 'GET', url });
        assert.equal(res.statusCode, 404);
        assert.equal(res.headers['ratelimit-limit'], '5');
        assert.equal(res.headers['ratelimit-remaining'], String(4 - i));
      }
      const limited = await t.app.inject({ method: 'GET', url });
      assert.equal(limited.statusCode, 429);
      assert.deepEqual(limited.json(), { message: 'Too Many Requests' });
      assert.ok(Number(limited.headers['retry-after']) >= 1 && Number(limited.headers['retry-after']) <= 60);
      for (let i = 0; i < 20; i++) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
        assert.equal(res.statusCode, 404);
        assert.equal(res.headers['ratelimit-limit'], undefined);
      }
      // Another client (address) has its own budget.
      const other = await t.app.inject({ method: 'GET', url, remoteAddress: '10.9.8.7' });
      assert.equal(other.statusCode, 404);
    } finally {
      await t.close();
    }
  });
});
