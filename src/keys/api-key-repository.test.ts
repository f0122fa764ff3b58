import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openTestStore, storeKinds } from '../testing/test-stores.ts';
import { createApiKey, createApiKeyVerifier, listApiKeys, revokeApiKey, touchApiKey } from './api-key-repository.ts';
import { generateApiKey, hashApiKey, looksLikeApiKey } from './api-key.ts';

describe('api key material', () => {
  it('generates distinct 256-bit keys that pass the format check', () => {
    const keys = new Set(Array.from({ length: 1000 }, generateApiKey));
    assert.equal(keys.size, 1000);
    for (const key of keys) assert.ok(looksLikeApiKey(key), key);
    assert.equal(Buffer.from([...keys][0]!.slice(3), 'base64url').length, 32);
    assert.equal(looksLikeApiKey('sw_short'), false);
  });
});

for (const kind of storeKinds()) {
  describe(`api key repository on ${kind}`, () => {
    it('stores only a hash, finds the key by its value, and forgets it once revoked', async () => {
      const store = await openTestStore(kind);
      try {
        const findActiveApiKey = createApiKeyVerifier(store);
        const created = await createApiKey(store.db, { name: 'ci', scope: 'admin' });
        const row = await store.db.selectFrom('api_keys').selectAll().executeTakeFirstOrThrow();
        assert.equal(row.key_hash, hashApiKey(created.key));
        assert.ok(!JSON.stringify(row).includes(created.key));
        assert.equal((await findActiveApiKey(created.key))?.scope, 'admin');
        assert.equal(await findActiveApiKey(generateApiKey()), undefined);
        assert.equal((await revokeApiKey(store.db, created.prefix))?.id, created.id);
        assert.equal(await findActiveApiKey(created.key), undefined);
        assert.equal(await revokeApiKey(store.db, created.id), undefined, 'a revoked key cannot be revoked again');
        assert.equal((await listApiKeys(store.db)).length, 0);
        assert.equal((await listApiKeys(store.db, { includeRevoked: true })).length, 1);
      } finally {
        await store.dispose();
      }
    });

    it('records use at most once a minute', async () => {
      const store = await openTestStore(kind);
      try {
        const created = await createApiKey(store.db, { name: 'ci' });
        const t0 = new Date('2030-01-01T00:00:00Z');
        await touchApiKey(store.db, created.id, t0);
        await touchApiKey(store.db, created.id, new Date(t0.getTime() + 30_000));
        assert.equal((await listApiKeys(store.db))[0]?.lastUsedAt, t0.toISOString());
        await touchApiKey(store.db, created.id, new Date(t0.getTime() + 61_000));
        assert.equal((await listApiKeys(store.db))[0]?.lastUsedAt, new Date(t0.getTime() + 61_000).toISOString());
      } finally {
        await store.dispose();
      }
    });
  });
}
