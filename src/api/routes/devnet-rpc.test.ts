import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createRateLimiter } from '../../limits/rate-limiter.ts';
import { createApiKeyVerifier, createApiKey } from '../../keys/api-key-repository.ts';
import { devnetRpcRoutes, INTERNAL_RPC_HEADER } from './devnet-rpc.ts';
import { solanaRpcRoutes } from './solana-rpc.ts';
import { RPC_POLICY_ERRORS } from '../../devnet/rpc-policy.ts';

const OUTSIDE = '203.0.113.9';
const impersonate = { jsonrpc: '2.0', id: 1, method: 'hardhat_impersonateAccount', params: ['0x0000000000000000000000000000000000000001'] };

describe('POST /rpc under the devnet RPC policy', () => {
  let t: TestApp;
  let adminKey: string;
  let userKey: string;
  const received: unknown[] = [];
  before(async () => {
    t = await createTestApp({
      plugins: [
        async (app) =>
          app.register(devnetRpcRoutes, {
            request: async (payload) => {
              received.push(payload);
              return { jsonrpc: '2.0', id: (payload as { id?: number }).id ?? null, result: true };
            },
            mode: 'local',
            loopbackHost: true,
            verifyApiKey: (key) => createApiKeyVerifier(t.store)(key),
            rateLimiter: createRateLimiter({ pointsPerWindow: 3 }),
            internalToken: 'service-pass',
          }),
      ],
    });
    adminKey = (await createApiKey(t.store.db, { name: 'admin', scope: 'admin' })).key;
    userKey = (await createApiKey(t.store.db, { name: 'user' })).key;
  });
  after(() => t.close());

  const call = (body: unknown, options: { ip?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/rpc',
      payload: body as object,
      remoteAddress: options.ip ?? OUTSIDE,
      ...(options.headers ? { headers: options.headers } : {}),
    });

  it('refuses a state-changing call from an outside client without a key, and never reaches the node', async () => {
    received.length = 0;
    const res = await call(impersonate);
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().error.code, RPC_POLICY_ERRORS.notAllowed);
    assert.equal(received.length, 0);
  });

  it('refuses it with a user key too, and answers 403 to an invalid key', async () => {
    assert.equal((await call(impersonate, { headers: { 'x-api-key': userKey } })).json().error.code, RPC_POLICY_ERRORS.notAllowed);
    assert.equal((await call(impersonate, { headers: { 'x-api-key': 'nope' } })).statusCode, 403);
  });

  it('forwards it from loopback, with an admin key, and with the service pass', async () => {
    received.length = 0;
    assert.equal((await call(impersonate, { ip: '127.0.0.1' })).json().result, true);
    assert.equal((await call(impersonate, { headers: { 'x-api-key': adminKey } })).json().result, true);
    assert.equal((await call(impersonate, { headers: { [INTERNAL_RPC_HEADER]: 'service-pass' } })).json().result, true);
    assert.equal(
      (await call(impersonate, { headers: { [INTERNAL_RPC_HEADER]: 'guess' } })).json().error.code,
      RPC_POLICY_ERRORS.notAllowed,
    );
    assert.equal(received.length, 3);
  });

  it('rate-limits outside readers before reading the body', async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < 3; i += 1) assert.equal((await call({ jsonrpc: '2.0', id: i, method: 'eth_chainId' }, { ip })).statusCode, 200);
    const limited = await t.app.inject({
      method: 'POST',
      url: '/rpc',
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
      remoteAddress: ip,
    });
    // A 429, not a 400: the budget is checked before the (malformed) body is parsed.
    assert.equal(limited.statusCode, 429);
    assert.equal(limited.json().error.code, RPC_POLICY_ERRORS.rateLimited);
    assert.ok(limited.headers['retry-after']);
  });

  it('counts every item of an outside batch against the budget', async () => {
    const ip = '198.51.100.8';
    const read = (id: number) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' });
    const first = await call([read(1), read(2)], { ip });
    assert.equal(first.statusCode, 200);
    assert.equal(first.headers['ratelimit-remaining'], '1');
    const over = await call([read(3), read(4)], { ip });
    assert.equal(over.statusCode, 429);
    assert.equal(over.json().error.code, RPC_POLICY_ERRORS.rateLimited);
  });

  it('refuses requests sent to another host name (DNS rebinding), before reading the body', async () => {
    received.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/rpc',
      payload: { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
      remoteAddress: '127.0.0.1',
      headers: { host: 'attacker.example:3000' },
    });
    assert.equal(res.statusCode, 403);
    assert.match(res.json().error.message, /Host not allowed/);
    assert.equal(received.length, 0);
    for (const host of ['127.0.0.1:3000', 'localhost', '[::1]:3000']) {
      const ok = await t.app.inject({
        method: 'POST',
        url: '/rpc',
        payload: { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
        remoteAddress: '127.0.0.1',
        headers: { host },
      });
      assert.equal(ok.statusCode, 200, host);
    }
  });
});

describe('POST /rpc/solana under the same gate', () => {
  let t: TestApp;
  const received: unknown[] = [];
  before(async () => {
    t = await createTestApp({
      plugins: [
        async (app) =>
          app.register(solanaRpcRoutes, {
            request: async (payload) => {
              received.push(payload);
              return Array.isArray(payload)
                ? payload.map(() => ({ jsonrpc: '2.0', id: 1, result: 1 }))
                : { jsonrpc: '2.0', id: 1, result: 1 };
            },
            loopbackHost: true,
            rateLimiter: createRateLimiter({ pointsPerWindow: 5 }),
            maxBatchItems: 4,
          }),
      ],
    });
  });
  after(() => t.close());

  const slot = (id: number) => ({ jsonrpc: '2.0', id, method: 'getSlot' });
  const call = (body: unknown, ip = '203.0.113.20') =>
    t.app.inject({ method: 'POST', url: '/rpc/solana', payload: body as object, remoteAddress: ip });

  it('rate-limits outside callers, counting each batch item', async () => {
    assert.equal((await call([slot(1), slot(2), slot(3)])).statusCode, 200);
    assert.equal((await call([slot(4), slot(5)])).statusCode, 200);
    const over = await call(slot(6));
    assert.equal(over.statusCode, 429);
    assert.equal(over.json().error.code, RPC_POLICY_ERRORS.rateLimited);
  });

  it('caps an outside batch without reaching the network, and leaves loopback callers of a loopback host alone', async () => {
    received.length = 0;
    const big = await call([slot(1), slot(2), slot(3), slot(4), slot(5)], '203.0.113.21');
    assert.equal(big.json().error.code, RPC_POLICY_ERRORS.tooLarge);
    assert.equal(received.length, 0);
    for (let i = 0; i < 8; i += 1) assert.equal((await call([slot(1), slot(2), slot(3), slot(4), slot(5)], '127.0.0.1')).statusCode, 200);
  });

  it('takes scopeward_act (an authority acts) only from a privileged caller', async () => {
    received.length = 0;
    const act = { jsonrpc: '2.0', id: 9, method: 'scopeward_act', params: ['SMINT', 'revoke-mint-authority'] };
    for (const body of [act, [slot(1), act]]) {
      const refused = await call(body, '203.0.113.22');
      assert.equal(refused.json().error.code, RPC_POLICY_ERRORS.notAllowed, refused.body);
      assert.match(refused.json().error.message, /only from loopback/);
    }
    assert.equal(received.length, 0, 'nothing reached the network');
    assert.equal((await call(act, '127.0.0.1')).json().result, 1);
    assert.deepEqual(received, [act]);
  });
});
