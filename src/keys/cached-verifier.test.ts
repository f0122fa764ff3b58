import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cachedApiKeyVerifier } from './cached-verifier.ts';
import type { ApiKeyInfo } from './api-key-repository.ts';

const INFO = {
  id: 'k1',
  name: 'n',
  prefix: 'sw_abc',
  scope: 'user',
  createdAt: '',
  lastUsedAt: null,
  revokedAt: null,
  accountId: null,
} as unknown as ApiKeyInfo;

describe('the verified-key cache', () => {
  it('serves a valid key from memory until its TTL, then asks again (revocation within the TTL)', async () => {
    let clock = 0;
    let revoked = false;
    let lookups = 0;
    const verify = cachedApiKeyVerifier(
      async () => {
        lookups += 1;
        return revoked ? undefined : INFO;
      },
      { ttlMs: 1000, now: () => clock },
    );
    assert.equal(await verify('sw_key'), INFO);
    assert.equal(await verify('sw_key'), INFO);
    assert.equal(lookups, 1);
    revoked = true; // elsewhere: another replica, the CLI
    clock = 999;
    assert.equal(await verify('sw_key'), INFO, 'still within the TTL');
    assert.equal(verify.known('sw_key'), INFO, 'known without a read within the TTL');
    assert.equal(verify.known('sw_other'), undefined, 'a key never verified is not known');
    clock = 1000;
    assert.equal(verify.known('sw_key'), undefined, 'no longer known once the TTL has passed');
    assert.equal(await verify('sw_key'), undefined, 'revoked once the TTL has passed');
    assert.equal(lookups, 2);
  });

  it('keeps no invalid keys, bounds its size, and forgets a key at once', async () => {
    let lookups = 0;
    const verify = cachedApiKeyVerifier(
      async (k) => {
        lookups += 1;
        return k.startsWith('good') ? { ...INFO, id: k } : undefined;
      },
      { maxEntries: 2, now: () => 0 },
    );
    await verify('bad');
    await verify('bad');
    assert.equal(lookups, 2, 'invalid keys are looked up each time');
    await verify('good1');
    await verify('good2');
    await verify('good3'); // evicts good1
    lookups = 0;
    await verify('good1');
    assert.equal(lookups, 1);
    verify.forget('good3');
    await verify('good3');
    assert.equal(lookups, 2);
  });
});
