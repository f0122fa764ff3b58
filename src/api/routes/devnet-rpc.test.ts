import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createRateLimiter } from '../../limits/rate-limiter.ts';
import { createApiKeyVerifier, createApiKey } from '../../keys/api-key-repository.ts';
import { devnetRpcRoutes, INTERNAL_RPC_HEADER } from './devnet-rpc.ts';
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
});
